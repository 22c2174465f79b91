//! Project tasks for the solvebatch workspace: the parts of a fuzz harness on stable Rust.
//!
//! Modules: [`mutate`] (the mutations), [`corpus`] (the seeds) and [`target`] (the invocations).

#![warn(missing_docs)]

pub mod corpus;
pub mod mutate;
pub mod target;
