//! The bounded pool that solves, off the server's async threads: a fixed set of worker threads, and
//! at most `capacity` jobs accepted at once (running or waiting for a worker); beyond that a request
//! is answered 503 at once rather than queued without end.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use anyhow::Context;
use tokio::sync::{oneshot, Semaphore};

use super::error::ApiError;

/// Worker threads and the places for jobs.
pub struct Pool {
    workers: rayon::ThreadPool,
    places: Arc<Semaphore>,
    capacity: usize,
}

impl Pool {
    /// `workers` threads, at most `capacity` jobs accepted at once.
    ///
    /// # Errors
    /// The threads cannot be started.
    pub fn new(workers: usize, capacity: usize) -> anyhow::Result<Pool> {
        let workers = rayon::ThreadPoolBuilder::new()
            .num_threads(workers)
            .thread_name(|index| format!("solve-{index}"))
            .build()
            .context("cannot start the solving threads")?;
        Ok(Pool { workers, places: Arc::new(Semaphore::new(capacity)), capacity })
    }

    /// Runs `job` on a worker and waits for its value without blocking the async threads.
    ///
    /// # Errors
    /// 503 when `capacity` jobs are already accepted; 500 when the job panics.
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let place =
            Arc::clone(&self.places).try_acquire_owned().map_err(|_| ApiError::busy(self.capacity))?;
        let (send, receive) = oneshot::channel();
        self.workers.spawn(move || {
            let value = catch_unwind(AssertUnwindSafe(job));
            drop(place);
            // The request may have gone (the client closed the connection): nobody to tell.
            let _ = send.send(value);
        });
        match receive.await {
            Ok(Ok(value)) => Ok(value),
            _ => Err(ApiError::internal("internal error: the solver panicked")),
        }
    }
}
