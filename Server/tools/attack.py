#!/usr/bin/env python3
"""Every attack of issues 39 and 46 that a script can make, each against a server of its own,
bounded in count and time, and a table of what held and what broke (tools/attack runs it).

    attack.py SERVER [--quick] [--only NAME,...]

SERVER is a built hourglass-server. --quick makes each class a few seconds (CI runs it so);
without it each runs at the size the issue names. Exit 1 when any class broke. Only loopback
addresses are used: the attacker connects from 127.0.0.1, the honest client from 127.0.0.2.
"""
import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata

HONEST = "127.0.0.2"
ATTACKER = "127.0.0.1"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A server on SQLite in a folder of its own, with `options`; its log in the folder."""

    def __init__(self, binary, *options):
        self.folder = tempfile.mkdtemp(prefix="attack-")
        self.port = free_port()
        self.log = open(os.path.join(self.folder, "server.log"), "w")
        arguments = [binary, "--database", f"{self.folder}/db.sqlite", "--outbox", f"{self.folder}/outbox.jsonl",
                     "--port", str(self.port), "--dev", "--log-level", "info", *options]
        self.process = subprocess.Popen(arguments, stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(200):
            try:
                request("GET", self.port, "/healthz", timeout=0.5)
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start: {open(self.log.name).read()}")

    def cpu(self):
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def descriptors(self):
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def outbox(self):
        try:
            return [json.loads(line) for line in open(f"{self.folder}/outbox.jsonl") if line.strip()]
        except FileNotFoundError:
            return []

    def log_text(self):
        self.log.flush()
        return open(self.log.name, encoding="utf-8", errors="replace").read()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def request(method, port, path, body=None, headers=None, source=HONEST, timeout=2.0):
    """One request on a new connection from `source`: (status, JSON or text body, seconds)."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        payload = json.dumps(body).encode() if body is not None else None
        fields = {"Content-Type": "application/json", **(headers or {})}
        connection.request(method, path, payload, {k: v.encode().decode("latin-1") for k, v in fields.items()})
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        try:
            answer = json.loads(text)
        except ValueError:
            answer = text
        return response.status, answer, time.monotonic() - start
    finally:
        connection.close()


def honest_send(port, timeout=2.0):
    """Whether an honest send from another address is answered 200 within `timeout`, and in how long."""
    try:
        status, _, seconds = request("POST", port, "/v1/codes", {"destination": f"honest-{time.time_ns()}@example.com"},
                                     timeout=timeout)
        return status == 200, f"{status} in {seconds * 1000:.0f} ms"
    except OSError as error:
        return False, f"no answer within {timeout} s ({error.__class__.__name__})"


def crafted(pairs):
    """`a` and `pairs` combining marks of each class, the higher class first: quadratic to normalise."""
    return "a" + "\u0301" * pairs + "\u0316" * pairs


# Each class returns (held, figure).

def header_cpu(binary, quick):
    server = Server(binary, "--address-send-limit", "1000000", "--trust-forwarded-for", "--cooldown", "1")
    count = 200 if quick else 1_000  # /proc counts CPU in 10 ms ticks: enough requests to read a ratio
    try:
        def cost(headers, make_body):
            before = server.cpu()
            statuses = {}
            for index in range(count):
                status, _, _ = request("POST", server.port, "/v1/codes", make_body(index), headers, source=ATTACKER,
                                       timeout=30)
                statuses[status] = statuses.get(status, 0) + 1
            return (server.cpu() - before) / count, statuses
        honest, _ = cost({}, lambda i: {"destination": f"h{i}-{time.time_ns()}@example.com"})
        worst = 0.0
        for name in ["Accept-Language", "Content-Type", "Connection", "Accept", "X-Forwarded-For", "X-Unread"]:
            spent, _ = cost({name: crafted(9_500)}, lambda i: {"destination": f"c{i}-{time.time_ns()}@example.com"})
            worst = max(worst, spent / honest)
        return worst <= 2, f"76 KB of marks in each header read: worst {worst:.2f}x an honest send's CPU"
    finally:
        server.stop()


def pipeline_no_read(binary, quick):
    server = Server(binary, "--max-connections", "16", "--max-connections-per-address", "4", "--write-deadline", "3")
    requests = 5_000 if quick else 25_000
    sockets = []
    try:
        for _ in range(16):
            connection = socket.socket()
            if quick:  # a small receive window: the server's answers back up after hundreds, not thousands
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            connection.bind((ATTACKER, 0))
            connection.connect(("127.0.0.1", server.port))
            connection.setblocking(False)
            sockets.append((connection, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" * requests))

        def pump():  # writes what each socket takes, never reads, for 2 s
            end = time.monotonic() + 2
            while time.monotonic() < end:
                for index, (connection, rest) in enumerate(sockets):
                    if not rest:
                        continue
                    try:
                        sent = connection.send(rest[:65536])
                        sockets[index] = (connection, rest[sent:])
                    except (BlockingIOError, InterruptedError):
                        pass
                    except OSError:
                        sockets[index] = (connection, b"")
                time.sleep(0.01)
        pump()
        during, figure = honest_send(server.port)
        time.sleep(4)  # past the write deadline: the attacker's own slots are free again
        try:
            status, _, seconds = request("GET", server.port, "/healthz", source=ATTACKER)
            after = status == 200
        except OSError:
            after = False
        return during and after, (f"16 connections pipelining {requests} GETs, never reading: an honest send "
                                  f"{figure}; the attacker's address served again after the write deadline: {after}")
    finally:
        for connection, _ in sockets:
            connection.close()
        server.stop()


def one_address(binary, quick):
    server = Server(binary, "--max-connections", "200")
    count = 300 if quick else 1_000
    held = []
    try:
        for _ in range(count):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2,
                                                        source_address=(ATTACKER, 0))
                connection.request("GET", "/healthz")
                connection.getresponse().read()
                held.append(connection)
            except OSError:
                pass
        admitted = sum(1 for c in held if c.sock is not None)
        ok, figure = honest_send(server.port)
        return ok, f"{count} keep-alive connections from one address ({admitted} answered once); an honest send {figure}"
    finally:
        for connection in held:
            connection.close()
        server.stop()


def metrics_scrapers(binary, quick):
    metrics = free_port()
    server = Server(binary, "--metrics-port", str(metrics))
    stop = threading.Event()

    def scraper():  # reconnects as soon as it is closed, and holds the connection silent
        while not stop.is_set():
            try:
                s = socket.create_connection(("127.0.0.1", metrics), timeout=1, source_address=(ATTACKER, 0))
                s.settimeout(0.5)
                while not stop.is_set():
                    try:
                        if s.recv(1) == b"":
                            break
                    except socket.timeout:
                        continue
                s.close()
            except OSError:
                time.sleep(0.01)
    threads = [threading.Thread(target=scraper, daemon=True) for _ in range(64)]
    try:
        for thread in threads:
            thread.start()
        time.sleep(2 if quick else 20)
        descriptors = server.descriptors()
        try:
            status, _, seconds = request("GET", metrics, "/metrics", timeout=2)
            ok, figure = status == 200, f"{status} in {seconds * 1000:.0f} ms"
        except OSError as error:
            ok, figure = False, f"no answer ({error.__class__.__name__})"
        sent, sent_figure = honest_send(server.port)
        return ok and sent and descriptors < 200, (f"64 scrapers reconnecting at once: an honest scrape {figure}, "
                                                   f"a send {sent_figure}, {descriptors} descriptors open")
    finally:
        stop.set()
        server.stop()


class Adapter:
    """A webhook adapter (tools/webhook-receiver) with `options`."""

    def __init__(self, folder, name, *options):
        self.out = os.path.join(folder, f"{name}.jsonl")
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "webhook-receiver")
        self.process = subprocess.Popen([sys.executable, script, "--secret", SECRET, "--out", self.out, *options],
                                        stdout=subprocess.PIPE, text=True)
        self.port = int(self.process.stdout.readline())

    def received(self):
        try:
            return [json.loads(line) for line in open(self.out) if line.strip()]
        except FileNotFoundError:
            return []

    def stop(self):
        self.process.terminate()


SECRET = "whsec_" + "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="


def webhook_server(binary, folder, adapter, *options):
    secret = os.path.join(folder, "secret")
    open(secret, "w").write(SECRET)
    return Server(binary, "--webhook-url", f"http://127.0.0.1:{adapter.port}/codes", "--webhook-secret-file", secret,
                  *options)


def webhook_redirect(binary, quick):
    folder = tempfile.mkdtemp(prefix="attack-")
    trap = Adapter(folder, "trap")
    adapter = Adapter(folder, "adapter", "--redirect", f"http://127.0.0.1:{trap.port}/stolen")
    server = webhook_server(binary, folder, adapter)
    try:
        status, _, _ = request("POST", server.port, "/v1/codes", {"destination": "+14155550101"}, timeout=10)
        stolen = len(trap.received())
        return stolen == 0 and status == 500, f"a 307 to another host: {stolen} requests reached it; the send {status}"
    finally:
        for process in [server, adapter, trap]:
            process.stop()


def slow_provider(binary, quick):
    folder = tempfile.mkdtemp(prefix="attack-")
    adapter = Adapter(folder, "adapter", "--delay", "2.3")
    server = webhook_server(binary, folder, adapter)
    try:
        statuses = [request("POST", server.port, "/v1/codes", {"destination": "+14155550102"}, timeout=15)[0]
                    for _ in range(3 if quick else 6)]
        codes = len({entry["payload"]["data"]["code"] for entry in adapter.received() if entry["verified"]})
        return codes == 1, f"{len(statuses)} sends within the cooldown: answers {statuses}, {codes} code(s) delivered"
    finally:
        server.stop()
        adapter.stop()


def email_budget(binary, quick):
    server = Server(binary, "--send-budget", "20", "--trust-forwarded-for")
    try:
        for index in range(20):
            request("POST", server.port, "/v1/codes", {"destination": f"x{index}@made-up-{index}.example"},
                    {"X-Forwarded-For": f"198.51.100.{index % 4}"}, source=ATTACKER)
        status, _, _ = request("POST", server.port, "/v1/codes", {"destination": "+14155550103"})
        return status == 200, f"20 e-mails spent --send-budget 20; then an SMS: {status}"
    finally:
        server.stop()


def budget_share(binary, quick):
    server = Server(binary, "--send-budget", "20", "--trust-forwarded-for")
    try:
        statuses = []
        for index in range(20):
            status, _, _ = request("POST", server.port, "/v1/codes", {"destination": f"+1415555{index:04d}"},
                                   {"X-Forwarded-For": f"198.51.100.{index % 8 + 1}"}, source=ATTACKER)
            statuses.append(status)
        status, _, _ = request("POST", server.port, "/v1/codes", {"destination": "+12125550103"},
                               {"X-Forwarded-For": "203.0.113.9"})
        sent = statuses.count(200)
        return status == 200 and sent <= 2, (f"20 SMS from one /24 to one prefix (--send-budget 20): {sent} sent; "
                                             f"then another network's: {status}")
    finally:
        server.stop()


def lock_stranger(binary, quick):
    server = Server(binary)
    try:
        victim = "+14155550104"
        request("POST", server.port, "/v1/codes", {"destination": victim}, source=ATTACKER)
        for _ in range(5):
            request("POST", server.port, "/v1/codes/check", {"destination": victim, "code": "00000000"},
                    source=ATTACKER)
        status, answer, _ = request("POST", server.port, "/v1/codes", {"destination": victim}, source=HONEST)
        reason = answer.get("reason") if isinstance(answer, dict) else None
        return reason != "locked", f"one send and five wrong checks, then the owner's send: {status} {reason or ''}"
    finally:
        server.stop()


def nfc_accounts(binary, quick):
    server = Server(binary)
    try:
        statuses = []
        for spelling in [unicodedata.normalize("NFC", "josé@example.com"), unicodedata.normalize("NFD", "josé@example.com")]:
            request("POST", server.port, "/v1/codes", {"destination": spelling})
            code = [m["code"] for m in server.outbox() if m["destination"] == spelling.split("@")[0].lower() + "@example.com"
                    or unicodedata.normalize("NFC", m["destination"]) == unicodedata.normalize("NFC", spelling)]
            if not code:
                statuses.append("no code")
                continue
            _, verified, _ = request("POST", server.port, "/v1/codes/check", {"destination": spelling, "code": code[-1]})
            proof = verified.get("proof") if isinstance(verified, dict) else None
            status, _, _ = request("POST", server.port, "/v1/accounts",
                                   {"destination": spelling, "password": "a long passphrase", "proof": proof or "x"})
            statuses.append(status)
        return statuses.count(201) <= 1, f"josé@example.com in NFC, then in NFD: {statuses}"
    finally:
        server.stop()


def bidi_logs(binary, quick):
    server = Server(binary)
    try:
        request("POST", server.port, "/v1/codes", {"destination": "\u202euser@example.com"})
        time.sleep(0.2)
        raw = any(ch in server.log_text() for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
        return not raw, f"U+202E first in an e-mail's local part: {'raw in the log' if raw else 'never raw in the log'}"
    finally:
        server.stop()


CLASSES = {
    "headers": header_cpu, "pipelining": pipeline_no_read, "one-address": one_address,
    "metrics-scrapers": metrics_scrapers, "webhook-redirect": webhook_redirect, "slow-provider": slow_provider,
    "email-budget": email_budget, "budget-share": budget_share, "lock-stranger": lock_stranger, "nfc-accounts": nfc_accounts,
    "bidi-logs": bidi_logs,
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("server")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only")
    options = parser.parse_args()
    names = options.only.split(",") if options.only else list(CLASSES)
    failed = []
    print(f"{'class':18} {'result':7} {'seconds':>7}  what")
    for name in names:
        start = time.monotonic()
        try:
            held, figure = CLASSES[name](options.server, options.quick)
        except Exception as error:  # an attack that could not run is a failure of the tool, said as such
            held, figure = False, f"the attack failed to run: {error!r}"
        result = "held" if held else "BROKEN"
        print(f"{name:18} {result:7} {time.monotonic() - start:7.1f}  {figure}", flush=True)
        if not held:
            failed.append(name)
    if failed:
        sys.exit(f"broken: {', '.join(failed)}")


if __name__ == "__main__":
    main()
