"""A real SMTP server for bazaar-mail's tests, built on aiosmtpd.

Usage: smtp_sink.py PORT OUT_DIR [USER PASSWORD]

Listens on 127.0.0.1:PORT, prints "ready" once it accepts connections, and writes each message
it receives to OUT_DIR/<n>.json (envelope, decoded headers and bodies). With USER and PASSWORD
it offers AUTH and refuses mail from anyone not signed in with exactly those. It stops by itself
after two minutes, in case the test that started it dies without killing it.
"""

import email
import json
import logging
import os
import sys
import time
import warnings
from email import policy

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

LIFETIME_SECONDS = 120


class Sink:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        msg = email.message_from_bytes(envelope.original_content, policy=policy.default)
        text = msg.get_body(("plain",))
        html = msg.get_body(("html",))
        login = session.auth_data.login.decode() if session.authenticated else None
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "login": login,
            "subject": str(msg["subject"]),
            "to": str(msg["to"]),
            "from": str(msg["from"]),
            "message_id": str(msg["message-id"]),
            "content_type": msg.get_content_type(),
            "text": text.get_content() if text else None,
            "html": html.get_content() if html else None,
        }
        self.count += 1
        # Write then rename, so the test never reads half a record.
        path = os.path.join(self.out_dir, f"{self.count}.json")
        with open(path + ".partial", "w", encoding="utf-8") as f:
            json.dump(record, f)
        os.rename(path + ".partial", path)
        return "250 Message accepted for delivery"


def authenticator(user, password):
    def check(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode() == user
            and auth_data.password.decode() == password
        )
        return AuthResult(success=ok, handled=False, auth_data=auth_data)

    return check


def main():
    # Plain AUTH on loopback is the point of the test: keep aiosmtpd's warnings about it quiet.
    warnings.simplefilter("ignore")
    logging.getLogger("mail.log").setLevel(logging.CRITICAL)
    port, out_dir = int(sys.argv[1]), sys.argv[2]
    options = {}
    if len(sys.argv) == 5:
        options = {
            "authenticator": authenticator(sys.argv[3], sys.argv[4]),
            "auth_required": True,
            # The test talks plain SMTP on loopback; real servers insist on TLS first.
            "auth_require_tls": False,
        }
    controller = Controller(Sink(out_dir), hostname="127.0.0.1", port=port, **options)
    controller.start()
    print("ready", flush=True)
    try:
        time.sleep(LIFETIME_SECONDS)
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
