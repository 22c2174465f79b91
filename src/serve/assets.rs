//! The pages and their scripts and style, embedded in the binary: the web app works offline and
//! fetches nothing from elsewhere. Each page file holds only its `<main>` content; [`document`] puts
//! it in the layout every page shares (head, navigation, message box, scripts).

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

/// A page: its path, its title, its `<main>` content and its own script, if any.
struct Page {
    path: &'static str,
    title: &'static str,
    main: &'static str,
    script: Option<&'static str>,
}

/// Every page.
const PAGES: &[Page] = &[
    Page { path: "/", title: "solvebatch", main: include_str!("pages/index.html"), script: None },
    Page {
        path: "/tournament",
        title: "Tournament round",
        main: include_str!("pages/tournament.html"),
        script: Some("tournament.js"),
    },
    Page {
        path: "/tictactoe",
        title: "Ultimate tic-tac-toe replay",
        main: include_str!("pages/tictactoe.html"),
        script: Some("tictactoe.js"),
    },
    Page {
        path: "/guess",
        title: "Guess a number",
        main: include_str!("pages/guess.html"),
        script: Some("guess.js"),
    },
    Page {
        path: "/scrabble",
        title: "Scrabble",
        main: include_str!("pages/scrabble.html"),
        script: Some("scrabble.js"),
    },
    Page { path: "/batch", title: "Batch", main: include_str!("pages/batch.html"), script: Some("batch.js") },
];

/// The navigation bar of every page.
const NAVIGATION: &str = "<nav><span class=\"brand\">solvebatch</span><a href=\"/\">start</a>\
    <a href=\"/tournament\">tournament</a><a href=\"/tictactoe\">tic-tac-toe</a><a href=\"/guess\">guess</a>\
    <a href=\"/scrabble\">scrabble</a><a href=\"/batch\">batch</a></nav>";

/// The message box the scripts open (`common.js`).
const MESSAGE_BOX: &str = "<dialog id=\"message\"><p id=\"message-text\"></p><form method=\"dialog\">\
    <button id=\"message-ok\" value=\"ok\">OK</button></form></dialog>";

/// The whole HTML document of `page`.
fn document(page: &Page) -> String {
    let script =
        page.script.map(|name| format!("<script src=\"/assets/{name}\"></script>\n")).unwrap_or_default();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         {}\n<link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n<body>\n{NAVIGATION}\n<main>\n{}</main>\n\
         {MESSAGE_BOX}\n<script src=\"/assets/common.js\"></script>\n{script}</body>\n</html>\n",
        page.title,
        crate::report::html::FAVICON,
        page.main
    )
}

/// Every script and the style.
const ASSETS: &[Asset] = &[
    Asset { path: "/assets/style.css", content_type: CSS, text: include_str!("pages/style.css") },
    Asset { path: "/assets/common.js", content_type: JS, text: include_str!("pages/common.js") },
    Asset { path: "/assets/tournament.js", content_type: JS, text: include_str!("pages/tournament.js") },
    Asset { path: "/assets/tictactoe.js", content_type: JS, text: include_str!("pages/tictactoe.js") },
    Asset { path: "/assets/guess.js", content_type: JS, text: include_str!("pages/guess.js") },
    Asset { path: "/assets/scrabble.js", content_type: JS, text: include_str!("pages/scrabble.js") },
    Asset { path: "/assets/batch.js", content_type: JS, text: include_str!("pages/batch.js") },
];

/// A route for each page (laid out once, at start) and each embedded file.
pub fn routes() -> Router {
    let pages = PAGES.iter().fold(Router::new(), |router, page| {
        let text = document(page);
        router.route(
            page.path,
            get(move || async move { ([(header::CONTENT_TYPE, HTML)], text).into_response() }),
        )
    });
    ASSETS.iter().fold(pages, |router, asset| {
        let (content_type, text) = (asset.content_type, asset.text);
        router.route(
            asset.path,
            get(move || async move { ([(header::CONTENT_TYPE, content_type)], text).into_response() }),
        )
    })
}
