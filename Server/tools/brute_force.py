#!/usr/bin/env python3
"""10 000 wrong codes for one destination over 64 keep-alive connections, each from its own
client address (X-Forwarded-For, on a server started with --trust-forwarded-for), so that only
the destination's own lock stands between an attacker and the code.

Prints how many checks the code got (answers other than 429) and what they were, and the
chance that many guesses have of hitting a 6-digit code. Exit 1 when the lock let more checks
through than the server's attempts allow, or any answer was a 5xx.
    brute_force.py --url http://127.0.0.1:PORT --outbox FILE [--checks 10000] [--connections 64]
"""

import argparse
import collections
import http.client
import json
import random
import sys
import threading
import time
import urllib.parse


def post(connection, path, body, address):
    connection.request("POST", path, json.dumps(body),
                       {"Content-Type": "application/json", "X-Forwarded-For": address})
    response = connection.getresponse()
    return response.status, json.loads(response.read() or b"{}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--outbox", required=True)
    parser.add_argument("--checks", type=int, default=10_000)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--attempts", type=int, default=5)
    options = parser.parse_args()
    url = urllib.parse.urlparse(options.url)
    destination = f"+1415555{random.randint(0, 9999):04d}"
    first = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    status, _ = post(first, "/v1/codes", {"destination": destination}, "192.0.2.1")
    if status != 200:
        print(f"brute-force: the send answered {status}")
        return 1
    with open(options.outbox) as file:
        code = [m["code"] for m in map(json.loads, file) if m["destination"] == destination][-1]
    answers = collections.Counter()
    lock = threading.Lock()
    guesses = iter(range(options.checks))

    def worker(index):
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        while True:
            with lock:
                number = next(guesses, None)
            if number is None:
                return
            guess = f"{number:06d}"
            if guess == code:  # a wrong code every time: the lock, not luck, is under test
                guess = f"{(number + 1) % 1_000_000:06d}"
            address = f"10.{index}.{number // 256 % 256}.{number % 256}"
            status, body = post(connection, "/v1/codes/check", {"destination": destination, "code": guess}, address)
            key = f"{status} {body.get('type', '').rsplit(':', 1)[-1]} {body.get('reason', '')}".strip()
            with lock:
                answers[key] += 1

    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(options.connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    # Compared with the code: each wrong-code answer, and the wrong check that locked.
    wrong = answers.get("422 wrong-code", 0)
    checked = wrong + (1 if answers.get("429 too-many-requests locked", 0) else 0)
    print(f"brute-force: {options.checks} wrong codes over {options.connections} connections in {elapsed:.1f} s")
    for key, count in sorted(answers.items()):
        print(f"  {count:6d} × {key}")
    print(f"  checks compared with the code: {checked} ({wrong} answered wrong-code, then the one that locked); "
          f"the most a code can get is {options.attempts}: a guess's chance is {options.attempts} in 1 000 000 "
          f"= {options.attempts / 1e6:.1e} per code, and with 5 codes a window, {5 * options.attempts} in 1 000 000 "
          f"an hour per destination")
    status, body = post(first, "/v1/codes/check", {"destination": destination, "code": code}, "192.0.2.1")
    print(f"  the right code during the lock: {status} {body.get('reason', '')}")
    failed = checked > options.attempts or answers.get("422 wrong-code", 0) != options.attempts - 1 or any(key.startswith("5") for key in answers) or status != 429
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
