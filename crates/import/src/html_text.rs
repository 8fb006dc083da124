//! Product descriptions from other platforms arrive as HTML; the site shows descriptions as
//! text with their line breaks (no HTML is ever rendered from the catalogue). This turns the
//! HTML into that text: tags dropped, scripts and styles with their content, blocks and `<br>`
//! as line breaks, list items as "• " lines, character references decoded.

/// Elements whose content is never text a shopper should read.
const DROPPED: [&str; 4] = ["script", "style", "head", "template"];
/// Elements that end a line.
const BLOCKS: [&str; 15] = [
    "p",
    "div",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "tr",
    "section",
    "blockquote",
    "hr",
];

/// The text of `html`, with at most one blank line between paragraphs. Text without any
/// block tags keeps its own line breaks (WooCommerce keeps descriptions so, and adds the
/// paragraphs when it shows them).
pub fn html_to_text(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let newline = if ["<p", "<br", "<div", "<li", "<h"]
        .iter()
        .any(|t| lower.contains(t))
    {
        " "
    } else {
        "\n"
    };
    let decode = |s: &str| decode(s).replace('\n', newline);
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&decode(&rest[..lt]));
        let tail = &rest[lt..];
        let Some(gt) = tail.find('>') else {
            // A lone '<' is text.
            out.push_str(&decode(tail));
            rest = "";
            break;
        };
        let tag = &tail[1..gt];
        rest = &tail[gt + 1..];
        if tag.starts_with("!--") {
            // A comment runs to "-->", which may be after this '>'.
            rest = match tail.find("-->") {
                Some(end) => &tail[end + 3..],
                None => "",
            };
            continue;
        }
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if !closing && DROPPED.contains(&name.as_str()) {
            let end = format!("</{name}");
            rest = match rest.to_ascii_lowercase().find(&end) {
                Some(at) => rest[at..].find('>').map_or("", |gt| &rest[at + gt + 1..]),
                None => "",
            };
            continue;
        }
        if name == "li" && !closing {
            out.push_str("\n• ");
        } else if BLOCKS.contains(&name.as_str()) {
            out.push('\n');
        } else if name == "td" || name == "th" {
            out.push(' ');
        }
    }
    out.push_str(&decode(rest));
    tidy(&out)
}

/// Spaces collapsed within lines (the HTML's own line breaks are spaces), lines trimmed, at
/// most one empty line in a row, none at either end.
fn tidy(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    for line in text.split('\n') {
        let line = line.split_whitespace().collect::<Vec<_>>().join(" ");
        if line.is_empty() && lines.last().is_none_or(String::is_empty) {
            continue;
        }
        lines.push(line);
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines.join("\n")
}

/// Character references: the common named ones and every numeric one.
fn decode(text: &str) -> String {
    if !text.contains('&') {
        return text.replace("\r\n", "\n").replace(['\r', '\t'], " ");
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let tail = &rest[amp..];
        let decoded = tail[1..]
            .find(';')
            .filter(|end| *end <= 10)
            .and_then(|end| {
                let name = &tail[1..1 + end];
                let ch = match name {
                    "amp" => Some('&'),
                    "lt" => Some('<'),
                    "gt" => Some('>'),
                    "quot" => Some('"'),
                    "apos" | "#39" => Some('\''),
                    "nbsp" => Some(' '),
                    "ndash" => Some('–'),
                    "mdash" => Some('—'),
                    "hellip" => Some('…'),
                    "rsquo" => Some('’'),
                    "lsquo" => Some('‘'),
                    "rdquo" => Some('”'),
                    "ldquo" => Some('“'),
                    "deg" => Some('°'),
                    "times" => Some('×'),
                    "eacute" => Some('é'),
                    _ => name
                        .strip_prefix("#x")
                        .or_else(|| name.strip_prefix("#X"))
                        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                        .or_else(|| name.strip_prefix('#').and_then(|d| d.parse().ok()))
                        .and_then(char::from_u32),
                };
                ch.map(|c| (c, end + 2))
            });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = &tail[len..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out.replace("\r\n", "\n").replace(['\r', '\t'], " ")
}

#[cfg(test)]
mod tests {
    use super::html_to_text;

    #[test]
    fn blocks_lists_and_references_become_text() {
        let html = "<p>Light &amp; fast<br>for <strong>race day</strong>.</p>\n<ul><li>Mesh upper</li><li>Size&nbsp;4&#8211;12</li></ul><script>alert(1)</script><!-- note -->Done &unknown; &#x263A;";
        assert_eq!(
            html_to_text(html),
            "Light & fast\nfor race day.\n\n• Mesh upper\n• Size 4–12\nDone &unknown; ☺"
        );
        assert_eq!(html_to_text("plain <text"), "plain <text");
        assert_eq!(html_to_text("<STYLE>p{}</STYLE>kept"), "kept");
        assert_eq!(
            html_to_text("a<table><tr><td>1</td><td>2</td></tr></table>"),
            "a\n1 2"
        );
        assert_eq!(
            html_to_text("Folds flat.\r\nCarries 120 kg."),
            "Folds flat.\nCarries 120 kg."
        );
        assert_eq!(html_to_text("<p>One\ntwo</p>"), "One two");
    }
}
