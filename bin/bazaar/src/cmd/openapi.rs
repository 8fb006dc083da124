//! `bazaar openapi`: print the OpenAPI document, the source of the web site's typed client
//! (`web/scripts/api-client.mjs` turns it into `web/src/lib/api/schema.d.ts`).

use std::io::Write;
use std::process::ExitCode;

pub fn run() -> ExitCode {
    let document = bazaar_api::openapi::document();
    let json = match document.to_pretty_json() {
        Ok(json) => json,
        Err(e) => {
            eprintln!("error: cannot write the OpenAPI document: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{json}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: cannot write the OpenAPI document: {e}");
            ExitCode::FAILURE
        }
    }
}
