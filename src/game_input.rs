//! Standard input for an interactive game, read on its own thread so that Ctrl-C can end it: the
//! game then sees the end of its input and finishes as it does at the end of a pipe (the final score
//! printed, exit status 0), instead of the process being killed mid-dialogue.

use std::io::{self, Read};
use std::sync::mpsc::{channel, Receiver};

use crate::signals;

/// Standard input as a stream that ends at the real end of input or at the first Ctrl-C (SIGINT,
/// SIGTERM or SIGHUP); a second signal ends the process as usual.
pub struct GameInput {
    chunks: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    read: usize,
    ended: bool,
}

impl GameInput {
    /// Starts reading standard input on a thread and routes the next signal to its end.
    pub fn start() -> GameInput {
        let (sender, chunks) = channel();
        signals::end_input_on_signal(sender.clone());
        std::thread::spawn(move || {
            let mut stdin = io::stdin().lock();
            let mut buffer = vec![0; 1 << 12];
            while let Ok(count @ 1..) = stdin.read(&mut buffer) {
                if sender.send(buffer[..count].to_vec()).is_err() {
                    return;
                }
            }
            // The end, or an error: an empty chunk, as the signal handler (which keeps a sender,
            // so the channel never closes) sends.
            let _ = sender.send(Vec::new());
        });
        GameInput { chunks, chunk: Vec::new(), read: 0, ended: false }
    }
}

impl Read for GameInput {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        if self.read == self.chunk.len() && !self.ended {
            match self.chunks.recv() {
                // The signal handler sends an empty chunk.
                Ok(chunk) if !chunk.is_empty() => (self.chunk, self.read) = (chunk, 0),
                _ => self.ended = true,
            }
        }
        if self.ended {
            return Ok(0);
        }
        let count = buffer.len().min(self.chunk.len() - self.read);
        buffer[..count].copy_from_slice(&self.chunk[self.read..self.read + count]);
        self.read += count;
        Ok(count)
    }
}
