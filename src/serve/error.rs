//! Errors of the API: an HTTP status and a message, answered as JSON `{"error": "MESSAGE"}`.

use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::rejection::{BytesRejection, JsonRejection, QueryRejection};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::limits;

/// An error answered to a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// 400 bad input, 404 no such family or endpoint, 405 a method the endpoint does not take,
    /// 408 a request body that stalled, 413 too large, 415 a JSON body sent without its content
    /// type, 422 unknown solver, a JSON body of the wrong shape or a simulation past the time limit
    /// it chose, 500 a solver that failed, 503 busy.
    pub status: StatusCode,
    /// What is wrong, in words.
    pub message: String,
}

impl ApiError {
    /// 400: the request's input or parameters are wrong.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// 400 for the input `name` (as the endpoint names it: `standard input` for a body alone, as
    /// the command line does) when its first block holds a NUL byte: `NAME: a binary file, not text
    /// (a NUL byte in its first 8 KiB)`, the command line's words ([`crate::text::check_text`]); no
    /// byte of it reaches a parser, whose message could quote it.
    pub fn unless_text(name: &str, bytes: &[u8]) -> Result<(), ApiError> {
        crate::text::check_text(bytes)
            .map_err(|_| ApiError::bad_request(format!("{name}: {}", crate::text::ReadError::BINARY)))
    }

    /// 404: no family or endpoint of that name.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::NOT_FOUND, message: message.into() }
    }

    /// 413: the body is above [`limits::BODY_BYTES`] (or a `.zip` above its limits).
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::PAYLOAD_TOO_LARGE, message: message.into() }
    }

    /// 422: the family has no solver of that name.
    pub fn unknown_solver(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into() }
    }

    /// 500: the work failed inside the server.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::INTERNAL_SERVER_ERROR, message: message.into() }
    }

    /// 422: the work stopped at the time limit the request chose; the message names it and what to
    /// choose instead.
    pub fn past_limit(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into() }
    }

    /// 503: every place for a solve is taken.
    pub fn busy(capacity: usize) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("busy: {capacity} solves are under way or waiting; try again shortly"),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

/// The message of a body above the limit.
fn body_too_large() -> ApiError {
    ApiError::too_large(format!(
        "the request body is larger than the limit of {} MiB",
        limits::BODY_BYTES >> 20
    ))
}

/// A rejection of axum's extractors, with the limit named when the body is too large.
fn rejected(status: StatusCode, text: String) -> ApiError {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        return body_too_large();
    }
    ApiError { status, message: text }
}

/// A failed read of the request body: 408 when it stalled past the idle timeout, else as
/// [`rejected`].
fn body_failed(error: &(dyn std::error::Error + 'static), status: StatusCode, text: String) -> ApiError {
    let mut causes = std::iter::successors(Some(error), |error| error.source());
    if causes.any(|cause| cause.is::<tower_http::timeout::TimeoutError>()) {
        return ApiError {
            status: StatusCode::REQUEST_TIMEOUT,
            message: "the request body stopped arriving (see --idle-timeout)".to_string(),
        };
    }
    rejected(status, text)
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> ApiError {
        body_failed(&rejection, rejection.status(), rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        let text = rejection.body_text();
        let detail = text.strip_prefix("Failed to deserialize query string: ").unwrap_or(&text);
        let message = match unknown_field(detail) {
            Some((_, name, accepted)) => {
                format!("unknown query parameter '{name}'; {}", accepted_names("parameter", &accepted))
            }
            None => format!("the query string: {detail}"),
        };
        rejected(StatusCode::BAD_REQUEST, message)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> ApiError {
        if let JsonRejection::MissingJsonContentType(_) = rejection {
            return ApiError {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                message: "the body must be sent as JSON, with the header `Content-Type: application/json`"
                    .to_string(),
            };
        }
        let text = rejection.body_text();
        let message = if let Some(detail) =
            text.strip_prefix("Failed to deserialize the JSON body into the target type: ")
        {
            json_data(detail)
        } else if let Some(detail) = text.strip_prefix("Failed to parse the request body as JSON: ") {
            format!("the body is not JSON: {detail}")
        } else {
            text
        };
        body_failed(&rejection, rejection.status(), message)
    }
}

/// The message of a JSON body that is JSON but not of the endpoint's shape, from serde's `detail`
/// (`[PATH: ]WHAT[ at line L column C]`): an unknown field named with the accepted ones, and a list
/// or a value where an object belongs said so, without the Rust type's name serde gives.
fn json_data(detail: &str) -> String {
    if let Some((place, name, accepted)) = unknown_field(detail) {
        // The path names the field itself (`b[0].x`); its object's path comes before.
        let object = place.strip_suffix(name).unwrap_or(place).trim_end_matches('.');
        let place = if object.is_empty() { String::new() } else { format!(" in {object}") };
        return format!(
            "unknown field '{name}'{place} of the JSON body; {}",
            accepted_names("field", &accepted)
        );
    }
    if detail.contains(", expected struct ") {
        let place = match detail.split_once(": invalid ") {
            Some((place, _)) => format!("{place} in the JSON body"),
            None => "the JSON body".to_string(),
        };
        return format!("{place} must be a JSON object of named fields (`{{\"name\": value, ...}}`), not a list or a single value");
    }
    format!("the JSON body: {detail}")
}

/// The path (`b[0].x`, the field's own; empty when none is given), the name and the accepted names
/// of serde's "unknown field" error as axum words it: ``[PATH: ]unknown field `NAME`, expected one of
/// `A`, `B`[ at line L column C]`` (or ``expected `A` ``, or `there are no fields`).
fn unknown_field(detail: &str) -> Option<(&str, &str, Vec<&str>)> {
    let (place, rest) = match detail.split_once("unknown field `") {
        Some(("", rest)) => ("", rest),
        Some((place, rest)) => (place.strip_suffix(": ")?, rest),
        None => return None,
    };
    let (name, expected) = rest.split_once("`, ")?;
    let expected = expected.split(" at line ").next().unwrap_or(expected);
    let accepted = expected.split('`').skip(1).step_by(2).collect();
    Some((place, name, accepted))
}

/// "the accepted KINDs are A, B" (or "the only KIND accepted is A", or "no KIND is accepted").
fn accepted_names(kind: &str, names: &[&str]) -> String {
    match names {
        [] => format!("no {kind} is accepted"),
        [name] => format!("the only {kind} accepted is {name}"),
        names => format!("the accepted {kind}s are {}", names.join(", ")),
    }
}

/// The message of a body that is not a multipart form, or one cut short.
const NOT_MULTIPART: &str =
    "the upload is not a complete multipart form (multipart/form-data, each file a part)";

impl From<MultipartRejection> for ApiError {
    fn from(rejection: MultipartRejection) -> ApiError {
        rejected(rejection.status(), NOT_MULTIPART.to_string())
    }
}

impl From<MultipartError> for ApiError {
    fn from(error: MultipartError) -> ApiError {
        body_failed(&error, error.status(), NOT_MULTIPART.to_string())
    }
}

/// The answer for a path that is neither a page nor an endpoint.
pub async fn no_such_endpoint(uri: Uri) -> ApiError {
    ApiError::not_found(format!("no page or endpoint at {}; / lists the pages", uri.path()))
}

/// The answer for a page or endpoint asked with a method it does not take (405; axum adds the
/// `Allow` header listing the methods it takes).
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!("{} does not take {method}; the Allow header lists what it takes", uri.path()),
    }
}

/// The body limit's own 413 answer (a body announced too large), rewritten as the JSON error.
pub async fn json_payload_too_large(response: Response) -> Response {
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE && !is_json {
        return body_too_large().into_response();
    }
    response
}
