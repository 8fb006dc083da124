//! Device type, browser and operating system from a `User-Agent` header.

use std::sync::LazyLock;

use woothee::parser::Parser;
use woothee::woothee::VALUE_UNKNOWN;

/// `device_type` for phones and other handsets.
pub const MOBILE: &str = "mobile";
/// `device_type` for tablets and e-readers.
pub const TABLET: &str = "tablet";
/// `device_type` for everything else: computers, consoles, crawlers and unknown agents.
pub const DESKTOP: &str = "desktop";

static PARSER: LazyLock<Parser> = LazyLock::new(Parser::new);

/// What the analytics event records about the visitor's device (SPEC.md §3, §9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Device {
    /// [`MOBILE`], [`TABLET`] or [`DESKTOP`].
    pub device_type: &'static str,
    /// The browser's family name, e.g. "Chrome", "Safari", "Firefox", "Edge". `None` for crawlers,
    /// HTTP libraries and agents that are not recognised.
    pub browser: Option<String>,
    /// The operating system as woothee names it, e.g. "Windows 10", "Mac OSX", "iPhone",
    /// "Android".
    pub os: Option<String>,
}

/// Classifies a `User-Agent` header.
///
/// Crawlers count as desktop so that they never inflate the mobile share. Tablets are recognised
/// from the agent itself (iPad, Android without "Mobi", Kindle/Silk, a "Tablet" token), because
/// woothee files them under smartphones. An iPad in desktop mode sends a macOS agent and is
/// counted as desktop: nothing in the header tells them apart.
pub fn device_from_user_agent(ua: &str) -> Device {
    let ua = ua.trim();
    let Some(parsed) = PARSER.parse(ua) else {
        return Device {
            device_type: DESKTOP,
            browser: None,
            os: None,
        };
    };
    let known =
        |value: &str| (!value.is_empty() && value != VALUE_UNKNOWN).then(|| value.to_owned());

    let crawler = parsed.category == "crawler";
    let device_type = if crawler {
        DESKTOP
    } else if is_tablet(ua) {
        TABLET
    } else if matches!(parsed.category, "smartphone" | "mobilephone") {
        MOBILE
    } else {
        DESKTOP
    };
    // woothee reports a crawler's own name ("Googlebot") as its name; that is not a browser.
    let browser = if parsed.browser_type == "browser" {
        known(parsed.name)
    } else {
        None
    };
    let os = if crawler { None } else { known(parsed.os) };
    Device {
        device_type,
        browser,
        os,
    }
}

fn is_tablet(ua: &str) -> bool {
    let android_without_mobile = ua.contains("Android") && !ua.contains("Mobi");
    // Windows "Tablet PC" marks touch-capable PCs, mostly laptops.
    let tablet_token = ua.contains("Tablet") && !ua.contains("Tablet PC");
    ua.contains("iPad")
        || android_without_mobile
        || tablet_token
        || ua.contains("Kindle")
        || ua.contains("Silk/")
        || ua.contains("PlayBook")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn assert_device(ua: &str, device_type: &str, browser: Option<&str>) {
        let device = device_from_user_agent(ua);
        assert_eq!(
            (device.device_type, device.browser.as_deref()),
            (device_type, browser),
            "{ua}"
        );
    }

    #[test]
    fn iphone_safari_is_mobile_safari() {
        let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 \
                  (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
        assert_device(ua, MOBILE, Some("Safari"));
        assert_eq!(device_from_user_agent(ua).os.as_deref(), Some("iPhone"));
    }

    #[test]
    fn android_phone_chrome_is_mobile_chrome() {
        let ua = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) \
                  Chrome/124.0.6367.82 Mobile Safari/537.36";
        assert_device(ua, MOBILE, Some("Chrome"));
        assert_eq!(device_from_user_agent(ua).os.as_deref(), Some("Android"));
    }

    #[test]
    fn samsung_browser_on_a_phone_is_mobile() {
        let ua = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) \
                  SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36";
        assert_device(ua, MOBILE, Some("SamsungBrowser"));
    }

    #[test]
    fn ipad_is_tablet() {
        let ua = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 \
                  (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";
        assert_device(ua, TABLET, Some("Safari"));
    }

    #[test]
    fn android_without_mobile_is_tablet() {
        let ua = "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) \
                  Chrome/124.0.0.0 Safari/537.36";
        assert_device(ua, TABLET, Some("Chrome"));
    }

    #[test]
    fn firefox_android_tablet_token_is_tablet() {
        let ua = "Mozilla/5.0 (Android 13; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0";
        assert_eq!(device_from_user_agent(ua).device_type, TABLET);
    }

    #[test]
    fn kindle_silk_is_tablet() {
        let ua = "Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) \
                  Silk/124.2.1 like Chrome/124.0.6367.179 Safari/537.36";
        assert_eq!(device_from_user_agent(ua).device_type, TABLET);
        let kindle = "Mozilla/5.0 (X11; U; Linux armv7l like Android; en-us) AppleWebKit/531.2+ \
                      (KHTML, like Gecko) Version/5.0 Safari/533.2+ Kindle/3.0+";
        assert_eq!(device_from_user_agent(kindle).device_type, TABLET);
    }

    #[test]
    fn windows_chrome_is_desktop_chrome() {
        let ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 \
                  (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
        assert_device(ua, DESKTOP, Some("Chrome"));
        assert_eq!(device_from_user_agent(ua).os.as_deref(), Some("Windows 10"));
    }

    #[test]
    fn windows_tablet_pc_laptop_stays_desktop() {
        let ua = "Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0; \
                  Tablet PC 2.0)";
        assert_device(ua, DESKTOP, Some("Internet Explorer"));
    }

    #[test]
    fn macos_firefox_is_desktop_firefox() {
        let ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 \
                  Firefox/125.0";
        assert_device(ua, DESKTOP, Some("Firefox"));
        assert_eq!(device_from_user_agent(ua).os.as_deref(), Some("Mac OSX"));
    }

    #[test]
    fn chromium_edge_is_desktop_edge() {
        let ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 \
                  (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67";
        assert_device(ua, DESKTOP, Some("Edge"));
    }

    #[test]
    fn empty_agent_is_desktop_without_browser() {
        for ua in ["", "   ", "-"] {
            let device = device_from_user_agent(ua);
            assert_eq!(
                device,
                Device {
                    device_type: DESKTOP,
                    browser: None,
                    os: None
                },
                "{ua:?}"
            );
        }
    }

    #[test]
    fn unknown_agent_is_desktop_without_browser() {
        let device = device_from_user_agent("SomethingNobodyHeardOf/0.1");
        assert_eq!(device.device_type, DESKTOP);
        assert_eq!(device.browser, None);
    }

    #[test]
    fn googlebot_is_desktop_without_browser() {
        let desktop = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        assert_device(desktop, DESKTOP, None);
        // The smartphone crawler claims Android and "Mobile"; it is still a crawler.
        let smartphone = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) \
                          AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile \
                          Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        assert_device(smartphone, DESKTOP, None);
    }
}
