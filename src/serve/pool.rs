//! The bounded pool that solves, off the server's async threads: a fixed set of worker threads, and
//! at most `capacity` jobs accepted at once (running or waiting for a worker); beyond that a request
//! is answered 503 at once rather than queued without end.
//!
//! A job belongs to its request: when the request is dropped (hyper drops the handler's future when
//! the client closes the connection, such as a client that gave up waiting), a job still waiting
//! gives its place back at once and never runs, and a running job's stop flag is set, which its
//! solve polls.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Context;
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;

/// Worker threads and the places for jobs.
pub struct Pool {
    workers: rayon::ThreadPool,
    places: Arc<Semaphore>,
    capacity: usize,
}

/// What a job and its request share.
struct Ticket {
    /// Set when the request is gone: the job must stop.
    stop: AtomicBool,
    /// The job's place while it waits for a worker; the worker takes it on starting, the request's
    /// guard on leaving first.
    waiting: Mutex<Option<OwnedSemaphorePermit>>,
}

impl Ticket {
    fn take_place(&self) -> Option<OwnedSemaphorePermit> {
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

/// Held by the request while it waits for its job's value: dropped with the request, it stops the
/// job (after the answer, setting the flag is harmless).
struct StopOnDrop(Arc<Ticket>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Relaxed);
        drop(self.0.take_place());
    }
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

    /// Runs `job` on a worker and waits for its value without blocking the async threads; a job
    /// whose request is dropped first never runs. The job is given the stop flag set when its
    /// request is dropped (a client gone): a long job polls it and returns soon after it is set.
    ///
    /// # Errors
    /// 503 when `capacity` jobs are already accepted; 500 when the job panics.
    pub async fn run_stoppable<T: Send + 'static>(
        &self,
        job: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let place =
            Arc::clone(&self.places).try_acquire_owned().map_err(|_| ApiError::busy(self.capacity))?;
        let ticket = Arc::new(Ticket { stop: AtomicBool::new(false), waiting: Mutex::new(Some(place)) });
        let guard = StopOnDrop(Arc::clone(&ticket));
        let (send, receive) = oneshot::channel();
        self.workers.spawn(move || {
            // No place: the request left while the job waited.
            let Some(place) = ticket.take_place() else { return };
            let value = catch_unwind(AssertUnwindSafe(|| job(&ticket.stop)));
            drop(place);
            // The request may have gone meanwhile: nobody to tell.
            let _ = send.send(value);
        });
        let value = receive.await;
        drop(guard);
        match value {
            Ok(Ok(value)) => Ok(value),
            _ => Err(ApiError::internal("internal error: the solver panicked")),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::future::Future;
    use std::pin::pin;
    use std::sync::mpsc;
    use std::task::{Context, Poll, Waker};
    use std::time::Duration;

    use super::*;

    /// Polls `future` once, as a connection's task does before its client goes away.
    fn poll_once<F: Future>(future: std::pin::Pin<&mut F>) -> Poll<F::Output> {
        future.poll(&mut Context::from_waker(Waker::noop()))
    }

    #[test]
    fn a_dropped_request_stops_its_running_job_and_frees_its_waiting_one() {
        let pool = Pool::new(1, 2).unwrap();
        let (started, running) = mpsc::channel();
        let (stopped, ended) = mpsc::channel();
        let mut first = Box::pin(pool.run_stoppable(move |stop| {
            started.send(()).unwrap();
            while !stop.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
            stopped.send(()).unwrap();
        }));
        assert!(poll_once(first.as_mut()).is_pending());
        running.recv_timeout(Duration::from_secs(10)).expect("the first job starts");
        let (ran, never) = mpsc::channel();
        let mut second = Box::pin(pool.run_stoppable(move |_| ran.send(()).unwrap()));
        assert!(poll_once(second.as_mut()).is_pending());
        let full = pin!(pool.run_stoppable(|_| ()));
        let Poll::Ready(Err(error)) = poll_once(full) else { panic!("a third job is accepted") };
        assert_eq!(error, ApiError::busy(2));

        // The waiting request leaves: its place is free at once, while the worker is still busy.
        drop(second);
        let mut third = Box::pin(pool.run_stoppable(|_| 3));
        assert!(poll_once(third.as_mut()).is_pending(), "the place of the request gone is free");
        // The running request leaves: its job sees the flag and ends, and the worker goes on.
        drop(first);
        ended.recv_timeout(Duration::from_secs(10)).expect("the running job stops");
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        assert_eq!(runtime.block_on(third), Ok(3));
        assert!(never.try_recv().is_err(), "the job of the request gone never ran");
    }
}
