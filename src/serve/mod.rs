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
mod guess;
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

/// Arguments of `solvebatch serve`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Pages: / (links), /tournament, /tictactoe, /guess, /scrabble, /batch.

API: POST /api/solve/FAMILY?solver=NAME&timeout=SECONDS with the file as the body answers the JSON \
record of `run --json` with its output; GET /api/solvers lists the solvers. POST \
/api/tournament/rounds?index=K&fix=T:A-B,...&forbid=T:A-B,... with a pairing file answers its number \
of rounds and its round K in the order of `tournament --all`, with the pins of --fix and --forbid. \
Requests are limited to 4 MiB, solves to 10 s by default and 60 s at most. A request whose client \
goes away (closes the connection or gives up waiting) gives its place back if it waits for a worker, and its solve is \
stopped at once if it runs.

A Scrabble position's `dictionary:` and `tiles:` lines lead to the files sent with it (a batch's zip, \
or a multipart form of the position and its word list), then to regular files inside --data DIR; \
otherwise the server's own list answers. The answer's `dictionary` and `tiles` say which.

Example:
  solvebatch serve --port 8080 --open")]
pub struct Args {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// The address to listen on; the default is reachable from this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,

    /// Open the start page in the default browser.
    #[arg(long)]
    pub open: bool,

    /// Scrabble: the dictionary of every game and position, beating a position's `dictionary:` line
    /// when given; default: datasets/scrabble/dictionary.txt, for the positions whose line leads to
    /// no file (see --data). A word list's graph is cached in a folder per user (`solvebatch
    /// scrabble --help`).
    #[arg(long, value_name = "FILE")]
    pub dictionary: Option<PathBuf>,

    /// Scrabble: the tile definition file, beating a position's `tiles:` line when given; default:
    /// datasets/scrabble/tiles.txt, the standard English set, for the positions whose line leads to
    /// no file.
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<PathBuf>,

    /// Scrabble: the folder where a position's `dictionary:` and `tiles:` lines may lead (named
    /// relative to it) when the files were not sent with the position; only regular files whose
    /// canonical path stays inside it are read. Without it, no request reads a server file.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,

    /// Worker threads that solve; default: one per core.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub workers: Option<u16>,

    /// Solves accepted at once, running or waiting for a worker; beyond this a request is answered
    /// 503 (busy).
    #[arg(long, value_name = "K", default_value_t = 256, value_parser = clap::value_parser!(u16).range(1..))]
    pub max_solves: u16,

    /// Seconds a connection has to send a request's headers, from its opening or from its previous
    /// answer (so an idle connection is closed then too); a slower one is closed.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = crate::args::parse_seconds)]
    pub header_timeout: Duration,

    /// Seconds a request body may send nothing; a stalled request is answered 408 (timeout).
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = crate::args::parse_seconds)]
    pub idle_timeout: Duration,

    /// Connections open at once; more wait to be accepted until one closes.
    #[arg(long, value_name = "N", default_value_t = 512, value_parser = clap::value_parser!(u16).range(1..))]
    pub max_connections: u16,
}

/// Starts the server and serves until the process is stopped.
///
/// # Errors
/// The dictionary or tile file cannot be read, the address cannot be bound, or the worker threads
/// cannot start.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let dictionary = args.dictionary.clone().unwrap_or_else(|| bundled("dictionary.txt"));
    let tiles = args.tiles.clone().unwrap_or_else(|| bundled("tiles.txt"));
    let workers = args.workers.map_or_else(rayon::current_num_threads, usize::from);
    let given = state::Given { dictionary: args.dictionary.is_some(), tiles: args.tiles.is_some() };
    let state = Arc::new(State::new(
        (&dictionary, &tiles),
        given,
        args.data.as_deref(),
        workers,
        usize::from(args.max_solves),
    )?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    runtime.block_on(serve(args, state))
}

async fn serve(args: &Args, state: Arc<State>) -> anyhow::Result<ExitCode> {
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
