//! The web UI's files, embedded in the binary at build time: HTML pages,
//! ES modules (one job each) and style sheets by component. No build step.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JSON: &str = "application/json";

/// The rules help's topics (`{id, title, set, text}`, our own words): the
/// web table's Rules help tab and the terminal's `help TERM` read them.
pub const HELP_TOPICS: &str = include_str!("../assets/help/topics.json");

/// Path under `/assets/`, content type, content.
const FILES: &[(&str, &str, &str)] = &[
    ("help/topics.json", JSON, HELP_TOPICS),
    ("js/main.js", JS, include_str!("../assets/js/main.js")),
    ("js/util.js", JS, include_str!("../assets/js/util.js")),
    ("js/api.js", JS, include_str!("../assets/js/api.js")),
    ("js/data.js", JS, include_str!("../assets/js/data.js")),
    ("js/icons.js", JS, include_str!("../assets/js/icons.js")),
    ("js/cards.js", JS, include_str!("../assets/js/cards.js")),
    ("js/board.js", JS, include_str!("../assets/js/board.js")),
    ("js/prompt.js", JS, include_str!("../assets/js/prompt.js")),
    ("js/panels.js", JS, include_str!("../assets/js/panels.js")),
    ("js/log.js", JS, include_str!("../assets/js/log.js")),
    ("js/zoom.js", JS, include_str!("../assets/js/zoom.js")),
    ("js/mapzoom.js", JS, include_str!("../assets/js/mapzoom.js")),
    ("js/battle.js", JS, include_str!("../assets/js/battle.js")),
    ("js/dice.js", JS, include_str!("../assets/js/dice.js")),
    ("js/help.js", JS, include_str!("../assets/js/help.js")),
    ("js/summit.js", JS, include_str!("../assets/js/summit.js")),
    ("js/replay.js", JS, include_str!("../assets/js/replay.js")),
    ("js/game.js", JS, include_str!("../assets/js/game.js")),
    ("js/lobby.js", JS, include_str!("../assets/js/lobby.js")),
    (
        "js/campaign.js",
        JS,
        include_str!("../assets/js/campaign.js"),
    ),
    ("css/base.css", CSS, include_str!("../assets/css/base.css")),
    (
        "css/board.css",
        CSS,
        include_str!("../assets/css/board.css"),
    ),
    (
        "css/cards.css",
        CSS,
        include_str!("../assets/css/cards.css"),
    ),
    (
        "css/panels.css",
        CSS,
        include_str!("../assets/css/panels.css"),
    ),
    (
        "css/summit.css",
        CSS,
        include_str!("../assets/css/summit.css"),
    ),
    (
        "css/lobby.css",
        CSS,
        include_str!("../assets/css/lobby.css"),
    ),
    (
        "css/campaign.css",
        CSS,
        include_str!("../assets/css/campaign.css"),
    ),
];

/// The lobby page.
pub const LOBBY: &str = include_str!("../assets/index.html");
/// A game's page.
pub const GAME: &str = include_str!("../assets/game.html");
/// A campaign's page: its log sheet across the Acts.
pub const CAMPAIGN: &str = include_str!("../assets/campaign.html");

/// One embedded file, or `None`.
pub fn file(path: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(p, _, _)| *p == path)
        .map(|(_, kind, body)| (*kind, *body))
}

/// `GET /assets/{path}`. Files are revalidated on each load, so a new
/// server version is picked up at once.
pub fn respond(path: &str) -> Response {
    match file(path) {
        Some((kind, body)) => (
            [
                (header::CONTENT_TYPE, kind),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            axum::Json(serde_json::json!({ "error": "no such file" })),
        )
            .into_response(),
    }
}

/// Every embedded file (tests: each module the pages import exists).
pub fn all() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(p, _, _)| *p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every module a page or module imports, every style sheet a page
    /// links and every file a module fetches is served: a missing one
    /// would leave the page blank.
    #[test]
    fn every_referenced_file_is_embedded() {
        let mut wanted = Vec::new();
        for page in [LOBBY, GAME, CAMPAIGN] {
            for attr in ["src=\"/assets/", "href=\"/assets/"] {
                for part in page.split(attr).skip(1) {
                    wanted.push(part.split('"').next().unwrap().to_string());
                }
            }
        }
        for path in all().filter(|p| p.ends_with(".js")) {
            let (_, body) = file(path).unwrap();
            for part in body.split("from \"./").skip(1) {
                wanted.push(format!("js/{}", part.split('"').next().unwrap()));
            }
            // Data a module fetches (the rules help's topics).
            for part in body.split("fetch(\"/assets/").skip(1) {
                wanted.push(part.split('"').next().unwrap().to_string());
            }
        }
        assert!(wanted.len() > 20, "{wanted:?}");
        for w in &wanted {
            assert!(file(w).is_some(), "{w} is referenced but not embedded");
        }
        // And nothing is embedded that no page uses.
        for path in all() {
            assert!(
                wanted.iter().any(|w| w == path),
                "{path} is embedded but unused"
            );
        }
    }

    #[test]
    fn unknown_files_are_404_json() {
        let res = respond("js/nope.js");
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        assert!(file("../src/lib.rs").is_none());
    }
}
