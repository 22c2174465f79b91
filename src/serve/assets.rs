//! The pages and their scripts and style, embedded in the binary: the web app works offline and
//! fetches nothing from elsewhere.

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

/// An embedded file: its path on the server, its content type and its text.
struct Asset {
    path: &'static str,
    content_type: &'static str,
    text: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// Every page and asset.
const ASSETS: &[Asset] = &[
    Asset { path: "/", content_type: HTML, text: include_str!("pages/index.html") },
    Asset { path: "/tournament", content_type: HTML, text: include_str!("pages/tournament.html") },
    Asset { path: "/tictactoe", content_type: HTML, text: include_str!("pages/tictactoe.html") },
    Asset { path: "/guess", content_type: HTML, text: include_str!("pages/guess.html") },
    Asset { path: "/scrabble", content_type: HTML, text: include_str!("pages/scrabble.html") },
    Asset { path: "/batch", content_type: HTML, text: include_str!("pages/batch.html") },
    Asset { path: "/assets/style.css", content_type: CSS, text: include_str!("pages/style.css") },
    Asset { path: "/assets/common.js", content_type: JS, text: include_str!("pages/common.js") },
    Asset { path: "/assets/tournament.js", content_type: JS, text: include_str!("pages/tournament.js") },
    Asset { path: "/assets/tictactoe.js", content_type: JS, text: include_str!("pages/tictactoe.js") },
    Asset { path: "/assets/guess.js", content_type: JS, text: include_str!("pages/guess.js") },
    Asset { path: "/assets/scrabble.js", content_type: JS, text: include_str!("pages/scrabble.js") },
    Asset { path: "/assets/batch.js", content_type: JS, text: include_str!("pages/batch.js") },
];

/// A route for each embedded file.
pub fn routes() -> Router {
    ASSETS.iter().fold(Router::new(), |router, asset| {
        let (content_type, text) = (asset.content_type, asset.text);
        router.route(
            asset.path,
            get(move || async move { ([(header::CONTENT_TYPE, content_type)], text).into_response() }),
        )
    })
}
