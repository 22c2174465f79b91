//! `solvebatch serve`: the local web app. One page per family (`/tournament`, `/tictactoe`,
//! `/guess`, `/scrabble`), a batch page (`/batch`), and the JSON API the pages use and scripts can
//! call (`/api/...`). Pages and assets are embedded in the binary; nothing is fetched from elsewhere.
//!
//! Every solve goes through [`crate::family`] on a bounded pool of worker threads ([`pool`]), under a
//! time limit, with a body limit on every request ([`limits`]); connections are served under a
//! header timeout, an idle timeout and a cap ([`listen`]), and a request dropped with its connection
//! gives its solve up ([`pool`]). A path from a request reaches the file system only inside the
//! `--data` folder: a Scrabble position's `dictionary:` and `tiles:` lines lead first to the files
//! sent with it, then there, else to the dictionary and tiles read at start ([`lexicon`]).

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;

mod assets;
mod batch;
mod error;
mod gcg;
mod graphs;
mod guess;
mod history;
mod lexicon;
mod limits;
mod listen;
mod pool;
mod prepared;
mod references;
mod scrabble;
mod solitaire;
mod solve;
mod state;
mod tictactoe;
mod tournament;
mod whole;

use listen::ConnectionLimits;
use state::State;

/// The options of `solvebatch serve`, checked.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The port to listen on (0: any free port).
    pub port: u16,
    /// The address to listen on.
    pub host: IpAddr,
    /// `--open`: open the start page in the default browser.
    pub open: bool,
    /// `--dictionary`: Scrabble's dictionary of every game and position (`None`: the bundled one).
    pub dictionary: Option<PathBuf>,
    /// `--tiles`: Scrabble's tile definition file (`None`: the bundled one).
    pub tiles: Option<PathBuf>,
    /// `--data`: the folder a position's `dictionary:` and `tiles:` lines may lead into.
    pub data: Option<PathBuf>,
    /// Worker threads that solve (`None`: one per core).
    pub workers: Option<u16>,
    /// Solves accepted at once, running or waiting for a worker.
    pub max_solves: u16,
    /// The time a connection has to send a request's headers.
    pub header_timeout: Duration,
    /// The time a request body may send nothing.
    pub idle_timeout: Duration,
    /// `--history`: the results history the batch page records in.
    pub history: Option<PathBuf>,
    /// Connections open at once.
    pub max_connections: u16,
}

/// Starts the server and serves until the process is stopped.
///
/// # Errors
/// The dictionary or tile file cannot be read, the address cannot be bound, or the worker threads
/// cannot start.
pub fn run(args: &ServeOptions) -> anyhow::Result<ExitCode> {
    let dictionary = args.dictionary.clone().unwrap_or_else(|| bundled("dictionary.txt"));
    let tiles = args.tiles.clone().unwrap_or_else(|| bundled("tiles.txt"));
    let workers = args.workers.map_or_else(rayon::current_num_threads, usize::from);
    let own = [
        ("dictionary", dictionary.as_path(), args.dictionary.is_some()),
        ("tiles", tiles.as_path(), args.tiles.is_some()),
    ];
    let mut state = State::new(&own, args.data.as_deref(), workers, usize::from(args.max_solves))?;
    let history = crate::history::HistoryChoice { path: args.history.clone(), label: None };
    state.history = history.open()?.map(std::sync::Mutex::new);
    let state = Arc::new(state);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    runtime.block_on(serve(args, state))
}

async fn serve(args: &ServeOptions, state: Arc<State>) -> anyhow::Result<ExitCode> {
    let address = SocketAddr::new(args.host, args.port);
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("cannot listen on {address}"))?;
    let bound = listener.local_addr().context("cannot read the address listened on")?;
    let url = format!("http://{bound}/");
    println!("solvebatch serve: listening on {url} (Ctrl-C stops)");
    if !args.host.is_loopback() {
        eprintln!("warning: {} is reachable from other machines", args.host);
    }
    if args.open {
        open_browser(&url);
    }
    let limits = ConnectionLimits {
        header_timeout: args.header_timeout,
        max_connections: usize::from(args.max_connections),
    };
    listen::serve(listener, router(state, args.idle_timeout), limits).await;
    Ok(ExitCode::SUCCESS)
}

/// Every route: the pages, their assets and the API, under the body limit, with request bodies that
/// send nothing for `idle_timeout` refused.
fn router(state: Arc<State>, idle_timeout: Duration) -> Router {
    let api = Router::new()
        .route("/api/solvers", get(solve::solvers))
        .route("/api/solve/{family}", post(solve::solve))
        .route("/api/batch", post(batch::batch))
        .route("/api/tournament/rounds", post(tournament::rounds))
        .route("/api/tictactoe/turns", post(tictactoe::turns))
        .route("/api/guess/codebreaker", post(guess::codebreaker))
        .route("/api/guess/host", post(guess::host))
        .route("/api/guess/simulate", get(guess::simulate))
        .route("/api/scrabble/position", post(scrabble::position))
        .route("/api/scrabble/solitaire", post(solitaire::solitaire))
        .route("/api/scrabble/game", post(gcg::game))
        .route("/history", get(history::page))
        .route_layer(axum::middleware::from_fn_with_state(
            limits::InputBudget::new(limits::INPUT_BUDGET),
            limits::hold_input,
        ))
        .fallback(error::no_such_endpoint)
        .with_state(state);
    // The last layer added sees the request first: the JSON rewrite must see the limit's answer.
    assets::routes()
        .merge(api)
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(DefaultBodyLimit::disable())
        .layer(tower_http::limit::RequestBodyLimitLayer::new(limits::BODY_BYTES))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(idle_timeout))
        .layer(axum::middleware::map_response(error::json_payload_too_large))
}

/// A file of the bundled Scrabble data: under `datasets/scrabble/` in the current folder when there,
/// else in the source tree the binary was built from.
fn bundled(name: &str) -> PathBuf {
    let here = Path::new("datasets/scrabble").join(name);
    if here.is_file() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets/scrabble").join(name)
}

/// Asks the desktop to open `url`; a failure is only reported, since the address is printed.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    if let Err(error) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("cannot open a browser with {opener} ({error}); open {url} yourself");
    }
}
