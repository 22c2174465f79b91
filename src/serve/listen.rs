//! The accept loop: each connection served by hyper's HTTP/1 server under the connection limits, so
//! that slow or silent clients cannot hold the server: headers must arrive in time, and at most
//! `max_connections` are open at once (more wait in the system's queue until one closes).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// How long a connection may take and how many may be open.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// The time a connection has to send a request's headers, from its opening or from its previous
    /// answer (so an idle connection is closed then too).
    pub header_timeout: Duration,
    /// Connections open at once.
    pub max_connections: usize,
}

/// A pause after a failed accept (such as too many open files), so the loop does not spin on it.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

/// Serves `router` on `listener` until the process is stopped.
pub async fn serve(listener: TcpListener, router: Router, limits: ConnectionLimits) {
    let places = Arc::new(Semaphore::new(limits.max_connections));
    loop {
        // The semaphore is never closed: acquiring only waits.
        let Ok(place) = Arc::clone(&places).acquire_owned().await else { return };
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(error) => {
                eprintln!("solvebatch serve: cannot accept a connection: {error}");
                tokio::time::sleep(ACCEPT_RETRY).await;
                continue;
            }
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            // A connection's failure (a client gone, headers too slow) concerns that client only.
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(place);
        });
    }
}
