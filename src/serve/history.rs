//! `GET /history`: the pages of `serve --history FILE.db`, each the page `history FILE.db ... --html`
//! writes: the runs; `?view=regressions` (with `&since=LABEL`); `?view=flaky`; `?file=PATH`.

use std::sync::{Arc, PoisonError};

use axum::extract::{Query, State as Shared};
use axum::response::Html;
use serde::Deserialize;

use super::error::ApiError;
use super::state::State;
use crate::history::command::Question;

/// The query of a history page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryQuery {
    /// `regressions` or `flaky`; the runs when absent.
    view: Option<String>,
    /// With `regressions`: the changes after the first run of this label.
    since: Option<String>,
    /// One file's story.
    file: Option<String>,
}

/// `GET /history`.
///
/// # Errors
/// 404 when the server keeps no history, or for a label or file the history does not have; 400
/// for another view; 500 when the database cannot be read.
pub async fn page(
    Shared(state): Shared<Arc<State>>,
    query: Result<Query<HistoryQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Html<String>, ApiError> {
    let Query(query) = query?;
    if state.history.is_none() {
        return Err(ApiError::not_found("no history: the server was started without --history FILE.db"));
    }
    tokio::task::spawn_blocking(move || {
        let question = match (query.view.as_deref(), query.file.as_deref()) {
            (None, None) => Question::Runs,
            (None, Some(file)) => Question::File(file),
            (Some("regressions"), None) => Question::Regressions { since: query.since.as_deref() },
            (Some("flaky"), None) => Question::Flaky,
            (Some(view), None) => {
                return Err(ApiError::bad_request(format!(
                    "view: `{view}` is neither regressions nor flaky"
                )));
            }
            (Some(_), Some(_)) => return Err(ApiError::bad_request("view and file: ask one at a time")),
        };
        let history = state.history.as_ref().expect("looked at above");
        let history = history.lock().unwrap_or_else(PoisonError::into_inner);
        history.page(&question).map(Html).map_err(|error| {
            if error.downcast_ref::<crate::error::UsageError>().is_some() {
                ApiError::not_found(format!("{error:#}"))
            } else {
                ApiError::internal(format!("{error:#}"))
            }
        })
    })
    .await
    .map_err(|error| ApiError::internal(format!("the history page could not be made: {error}")))?
}
