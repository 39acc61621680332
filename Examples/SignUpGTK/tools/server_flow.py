"""SignUpGTK on the reference server (`--service URL`): the flow a person has against a real
backend, with the server restarted in the middle.

1. hourglass-server starts on SQLite in a folder of its own, with its outbox.
2. The app sends a code to a fresh number; the code is read from the outbox, as Firebase's
   emulator hands its codes to tests.
3. The server is stopped (SIGTERM, exit 0) and started again on the same database and key.
4. The code still verifies: the code field says "Verified".
5. A second app, with no saved cooldown of its own, asks for a code for the same number: the
   server's cooldown still holds, so it answers 429, and the window shows the wait it gave
   ("Retry in Ns", "Too many requests. Retry in N seconds"), the model's screen throughout.
"""

import json
import os
import random
import re
import socket
import subprocess
import tempfile
import time

from signupgtk_window import App, Failure, find, log, text


class Server:
    """hourglass-server on a free port, its state in `folder`."""

    def __init__(self, binary, folder):
        self.binary, self.folder = binary, folder
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.outbox = os.path.join(folder, "outbox.jsonl")
        self.process = None
        self.start()

    def start(self):
        log_file = open(os.path.join(self.folder, "server.log"), "a")
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--database", os.path.join(self.folder, "db.sqlite"),
             "--outbox", self.outbox, "--dev", "--log-level", "notice"],
            stdout=log_file, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise Failure(f"hourglass-server exited {self.process.returncode} at start")
                if time.monotonic() > deadline:
                    raise Failure("hourglass-server did not listen within 30 s")
                time.sleep(0.1)

    def stop(self):
        """SIGTERM: the server finishes what is in flight and exits 0."""
        self.process.terminate()
        code = self.process.wait(20)
        if code != 0:
            raise Failure(f"hourglass-server exited {code} on SIGTERM, not 0")

    def codes(self, destination):
        if not os.path.exists(self.outbox):
            return []
        with open(self.outbox) as file:
            return [m["code"] for m in map(json.loads, file) if m["destination"] == destination]


def server_flow(app_binary, server_binary, display, out):
    folder = tempfile.mkdtemp(prefix="server-", dir=out)
    server = Server(server_binary, folder)
    apps = []
    try:
        number = f"+1415555{random.randint(0, 9999):04d}"
        typed = f"+1 415 555 {number[-4:]}"
        log(f"server: {server.url}, number {typed}")
        app = App(app_binary, display, "en", tempfile.mkdtemp(prefix="state-", dir=out), out,
                  {"LANG": "en_US.UTF-8"}, ["--service", server.url])
        apps.append(app)
        app.click("verification.destination.entry")
        app.type(typed)
        app.wait(lambda d: find(d, "verification.send")["sensitive"], 10, "send enabled")
        app.click("verification.send")
        app.wait(lambda d: re.match(r"^Resend in \d+s$", text(d, "verification.send")), 15, "the cooldown")
        codes = server.codes(number)
        if len(codes) != 1:
            raise Failure(f"the outbox holds {len(codes)} codes for {number}, not 1")
        log("server: code sent; restarting the server")
        server.stop()
        server.start()
        app.click("verification.code.entry")
        app.type(codes[0])
        dump = app.wait(lambda d: text(d, "verification.code.message") == "Verified", 15, "Verified")
        log(f"server: after the restart the code verifies: {text(dump, 'verification.code.message')!r}")
        other = App(app_binary, display, "second", tempfile.mkdtemp(prefix="state-", dir=out), out,
                    {"LANG": "en_US.UTF-8"}, ["--service", server.url])
        apps.append(other)
        other.click("verification.destination.entry")
        other.type(typed)
        other.wait(lambda d: find(d, "verification.send")["sensitive"], 10, "send enabled in a second app")
        other.click("verification.send")
        dump = other.wait(lambda d: re.match(r"^Retry in \d+s$", text(d, "verification.send")), 15, "the 429's wait")
        wait = int(re.match(r"^Retry in (\d+)s$", text(dump, "verification.send")).group(1))
        message = text(dump, "verification.message")
        log(f"server: a second app gets the server's wait: {text(dump, 'verification.send')!r}, {message!r}")
        if not 1 <= wait <= 60 or not re.match(r"^Too many requests\. Retry in \d+ seconds?$", message):
            raise Failure(f"the 429 shows {text(dump, 'verification.send')!r} and {message!r}")
        other.screenshot(os.path.join(out, "server-429.en.png"))
        if len(server.codes(number)) != 1:
            raise Failure("the refused request sent a code")
    finally:
        for app in apps:
            app.stop()
        if server.process.poll() is None:
            server.process.kill()
