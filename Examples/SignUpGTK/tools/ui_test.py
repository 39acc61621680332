#!/usr/bin/env python3
"""SignUpGTK's UI test: the app in a real window under Xvfb, driven by real input events.

For each language (en, zh-Hans) it starts the app on a display of its own, clicks and types
with xdotool (X's XTEST: the events reach GTK as a person's would), and at each key instant
asks the app for a dump of what GTK shows (SIGUSR1; see WidgetDump.swift) and takes a
screenshot. Every dump is checked whole: each control GTK shows (its text, sensitivity,
visibility, check state, accessible label and description, read back from GTK) equals what the
model's screen says at that instant. The model's texts are checked against linemode's
transcript for the same inputs on the virtual clock (the same service, code and language).

Covered: the language of eight sets of locale variables (LANG, LC_ALL, LC_MESSAGES, LANGUAGE,
C); the cooldown saved under $XDG_STATE_HOME/org.hourglass.SignUpGTK; the countdown ticking on
screen (two reads >= 1 s apart, the seconds going down); a restart mid-cooldown (the app killed,
started again on the same XDG_STATE_HOME: the countdown goes on, not from 60); wrong codes (the
field's message is the model's "Wrong code. N attempts left", as linemode says it); the
registration page through to "Account created".

Every wait polls with a deadline; the whole run has one too. Exit 0 when all passed.
    ui_test.py --app PATH --linemode PATH [--out DIR] [--screenshots DIR] [--languages en,zh-Hans]
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

DESTINATION = "+86 138 1234 5678"
DEMO_CODE = "246810"
WRONG_CODES = ["111111", "222222"]
PASSWORD = "Hourglass-2024-sand"

LANGUAGES = {
    "en": {"LANG": "en_US.UTF-8", "resend": r"^Resend in (\d+)s$"},
    "zh-Hans": {"LANG": "zh_CN.UTF-8", "resend": r"^重新发送\((\d+)s\)$"},
}


class Failure(Exception):
    pass


def log(message):
    print(f"[{time.monotonic() - STARTED:7.2f}] {message}", flush=True)


STARTED = time.monotonic()


def run(command, timeout=10, **options):
    """Runs a command to its end within `timeout` seconds; its output, or a Failure."""
    try:
        result = subprocess.run(command, timeout=timeout, capture_output=True, text=True, **options)
    except subprocess.TimeoutExpired:
        raise Failure(f"{command[0]} took more than {timeout} s: {' '.join(command)}")
    if result.returncode != 0:
        raise Failure(f"{' '.join(command)} exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


class Display:
    """An Xvfb server on the first free display number (Xvfb -displayfd picks it)."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b""
        deadline = time.monotonic() + 10
        os.set_blocking(read, False)
        while not number.endswith(b"\n"):
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise Failure("Xvfb did not start within 10 s")
            try:
                number += os.read(read, 16)
            except BlockingIOError:
                time.sleep(0.05)
        os.close(read)
        self.name = ":" + number.decode().strip()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()


class App:
    """One run of SignUpGTK on `display`, in `language`, keeping its state in `state_home`."""

    def __init__(self, binary, display, language, state_home, out, locale=None):
        """`locale`: the locale variables to run in; by default LANG for `language`."""
        self.display = display
        self.dump_file = os.path.join(out, f"dump.{language}.json")
        if os.path.exists(self.dump_file):
            os.remove(self.dump_file)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
        env.update(locale if locale is not None else {"LANG": LANGUAGES[language]["LANG"]})
        env.update({
            "DISPLAY": display.name, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1",
            "XDG_STATE_HOME": state_home, "SIGNUPGTK_DUMP": self.dump_file,
        })
        self.env = env
        self.log = open(os.path.join(out, f"app.{language}.log"), "a")
        self.process = subprocess.Popen([binary], env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.serial = 0
        self.window = None
        try:
            self.start()
        except BaseException:
            self.stop()
            raise

    def start(self):
        """Waits for the window, laid out, and takes it as the one to drive."""
        # The first dump is written once the signal handler is in place: only then is SIGUSR1 safe.
        self.poll(lambda: os.path.exists(self.dump_file), 15, "the app's first dump")
        self.serial = self.read()["serial"]
        windows = run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(self.process.pid)],
                      timeout=15, env=self.env).split()
        self.window = windows[0]
        run(["xdotool", "windowfocus", self.window], env=self.env)
        self.dump = self.wait(lambda d: laid_out(d, "verification.send"), 10, "the window laid out")

    def poll(self, condition, timeout, what):
        deadline = time.monotonic() + timeout
        while not condition():
            if self.process.poll() is not None:
                raise Failure(f"the app exited ({self.process.returncode}) while waiting for {what}")
            if time.monotonic() > deadline:
                raise Failure(f"waited {timeout} s for {what}")
            time.sleep(0.05)

    def read(self):
        with open(self.dump_file) as file:
            return json.load(file)

    def request(self):
        """A new dump: SIGUSR1, then the file with a higher serial."""
        before = self.serial
        self.process.send_signal(signal.SIGUSR1)
        self.poll(lambda: self.read()["serial"] > before, 5, "dump after SIGUSR1")
        dump = self.read()
        self.serial = dump["serial"]
        check_shows_model(dump)
        return dump

    def wait(self, condition, timeout, what):
        """Dumps until `condition(dump)` holds, each one checked against the model."""
        deadline = time.monotonic() + timeout
        while True:
            dump = self.request()
            if condition(dump):
                self.dump = dump
                return dump
            if time.monotonic() > deadline:
                raise Failure(f"waited {timeout} s for {what}; the last dump: {summary(dump)}")
            time.sleep(0.1)

    def click(self, name):
        """Clicks the middle of `name`, where GTK has laid it out: two dumps 0.1 s apart must
        agree on where it is (a change of layout lands with GTK's next frame)."""
        previous = None
        deadline = time.monotonic() + 5
        while True:
            self.dump = self.request()
            widget = find(self.dump, name)
            where = tuple(widget[k] for k in ("x", "y", "width", "height"))
            if where == previous:
                break
            if time.monotonic() > deadline:
                raise Failure(f"{name} kept moving for 5 s")
            previous = where
            time.sleep(0.1)
        if widget["width"] <= 0 or not widget["mapped"]:
            raise Failure(f"{name} is not on screen: {widget}")
        x, y = int(widget["x"] + widget["width"] / 2), int(widget["y"] + widget["height"] / 2)
        run(["xdotool", "mousemove", "--window", self.window, str(x), str(y), "click", "1"], env=self.env)

    def type(self, text):
        run(["xdotool", "type", "--delay", "40", text], timeout=30, env=self.env)

    def screenshot(self, path):
        run(["import", "-window", self.window, path], timeout=20, env=self.env)

    def kill(self):
        self.process.kill()
        self.process.wait(5)
        self.log.close()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if not self.log.closed:
            self.log.close()


def find(dump, name):
    for widget in dump["widgets"]:
        if widget["name"] == name:
            return widget
    raise Failure(f"no widget named {name} in the dump")


def laid_out(dump, name):
    widget = find(dump, name)
    return widget["mapped"] and widget["width"] > 0


def text(dump, name):
    return find(dump, name)["text"]


def summary(dump):
    return "; ".join(f"{w['name']}={w['text']!r}{'' if w['sensitive'] else ' (insensitive)'}"
                     for w in dump["widgets"] if w["mapped"] and w["text"] and "caption" not in w["name"])


def check_shows_model(dump):
    """Every control the model's screen describes is shown by GTK as described, now."""
    problems = []
    for name, expected in dump["model"]["controls"].items():
        widget = find(dump, name)
        shown = {
            "text": widget["text"], "sensitive": widget["sensitive"], "visible": widget["visible"],
            "active": widget.get("active"), "accessibleLabel": widget.get("accessibleLabel"),
            "accessibleDescription": widget.get("accessibleDescription"),
        }
        for key in ("text", "sensitive", "visible", "active", "accessibleLabel"):
            if key in expected and expected[key] != shown[key]:
                problems.append(f"{name}.{key}: GTK shows {shown[key]!r}, the model says {expected[key]!r}")
        if "accessibleLabel" in expected and expected.get("accessibleDescription") != shown["accessibleDescription"]:
            problems.append(f"{name}.accessibleDescription: GTK holds {shown['accessibleDescription']!r}, "
                            f"the model says {expected.get('accessibleDescription')!r}")
    if problems:
        raise Failure(f"dump {dump['serial']}: GTK differs from the model:\n  " + "\n  ".join(problems))


def countdown(dump, name, language):
    match = re.match(LANGUAGES[language]["resend"], text(dump, name))
    return int(match.group(1)) if match else None


def linemode_lines(linemode, language, script):
    """linemode's transcript of `script` on the virtual clock: the lines, timestamps dropped."""
    output = run([linemode, "--locale", language, "--region", "CN"], timeout=30, input=script)
    return [re.sub(r"^\[ *[0-9.]+\] ", "", line) for line in output.splitlines()]


def verification_flow(app, language, lines, out):
    """Send, count down, two wrong codes: what GTK shows is the model's and linemode's."""
    log(f"{language}: verification page")
    app.click("verification.destination.entry")
    app.type(DESTINATION)
    app.wait(lambda d: text(d, "verification.destination.entry") == DESTINATION
             and find(d, "verification.send")["sensitive"], 10, "send enabled after typing the number")
    app.click("verification.send")
    first = app.wait(lambda d: countdown(d, "verification.send", language) is not None, 10, "the countdown")
    saved = os.path.join(app.env["XDG_STATE_HOME"], "org.hourglass.SignUpGTK", "verification", "cooldown.json")
    if not os.path.isfile(saved):
        raise Failure(f"no saved cooldown at {saved}")
    read_at = time.monotonic()
    seconds = countdown(first, "verification.send", language)
    # The second read at least 1 s after the first; a tick a little late (a loaded machine) is
    # waited for, up to 3 s more.
    time.sleep(1.0)
    second = app.wait(lambda d: (countdown(d, "verification.send", language) or 60) < seconds, 3,
                      f"the countdown below {seconds}")
    later = countdown(second, "verification.send", language)
    log(f"{language}: countdown {text(first, 'verification.send')!r} then, "
        f"{time.monotonic() - read_at:.2f} s later, {text(second, 'verification.send')!r}")
    if later is None or not later < seconds:
        raise Failure(f"the countdown did not go down: {seconds} then {later}")
    titles = {line for line in lines if line.startswith("send: [")}
    for dump in (first, second):
        line = next(l for l in dump["model"]["verificationLines"] if l.startswith("send: ["))
        if line not in titles:
            raise Failure(f"the model's {line!r} is not in linemode's transcript")
    sent = next(l for l in lines if l.startswith("message: "))[len("message: "):]
    if text(second, "verification.message") != sent:
        raise Failure(f"message {text(second, 'verification.message')!r}, linemode says {sent!r}")
    for attempt, code in enumerate(WRONG_CODES):
        # linemode's answer to the same code: the code field's first message after its input line.
        typed = [i for i, l in enumerate(lines) if l.startswith("type code ")][attempt]
        expected = next(l for l in lines[typed:] if l.startswith('code: "" — ')).split(" — ", 1)[1]
        app.click("verification.code.entry")
        app.type(code)
        dump = app.wait(lambda d: text(d, "verification.code.message") == expected, 10,
                        f"the code message {expected!r}")
        log(f"{language}: wrong code {attempt + 1}: {text(dump, 'verification.code.message')!r}, "
            f"send {text(dump, 'verification.send')!r}")
    app.screenshot(os.path.join(out, f"verification.{language}.png"))


def restart(app, binary, display, language, state_home, out):
    """Kills the app mid-cooldown (SIGKILL, as a crash) and starts it again after 1.5 s: the
    countdown goes on from where it was, less the time the app was down, never from 60."""
    dump = app.request()
    read_at = time.monotonic()
    before = countdown(dump, "verification.send", language)
    app.kill()
    time.sleep(1.5)
    app = App(binary, display, language, state_home, out)
    after = countdown(app.dump, "verification.send", language)
    elapsed = time.monotonic() - read_at
    log(f"{language}: restart: {before}s before the kill, {after}s {elapsed:.2f} s later")
    # Shown seconds are rounded up (and a tick may land a little late): after the app was down
    # for 1.5 s the countdown shows at least 1 s less, and no more than about `elapsed` less.
    if after is None or not (before - elapsed - 2 <= after <= before - 1):
        raise Failure(f"after the restart the countdown shows {after}, expected about {before - elapsed:.1f}")
    return app


def registration_flow(app, language, out):
    """The registration page: send, count down, password, terms, the code, Create account."""
    log(f"{language}: registration page")
    app.click("switcher.registration")
    app.wait(lambda d: d["page"] == "registration" and laid_out(d, "registration.account.send"), 10,
             "the registration page")
    app.click("registration.account.destination.entry")
    app.type(DESTINATION)
    app.wait(lambda d: find(d, "registration.account.send")["sensitive"], 10, "send enabled")
    app.click("registration.account.send")
    app.wait(lambda d: countdown(d, "registration.account.send", language) is not None, 10, "the countdown")
    app.click("registration.password.entry")
    app.type(PASSWORD)
    app.click("registration.confirm.entry")
    app.type(PASSWORD)
    app.click("registration.terms")
    dump = app.wait(lambda d: find(d, "registration.terms")["active"]
                    and text(d, "registration.confirm.entry") == "•" * len(PASSWORD), 10, "the form filled in")
    app.screenshot(os.path.join(out, f"registration.{language}.png"))
    log(f"{language}: {text(dump, 'registration.account.send')!r}, "
        f"password {text(dump, 'registration.password.message')!r}")
    app.click("registration.account.code.entry")
    app.type(DEMO_CODE)
    app.wait(lambda d: find(d, "registration.submit")["sensitive"], 10, "Create account enabled")
    app.click("registration.submit")
    dump = app.wait(lambda d: find(d, "registration.message")["visible"], 10, "the registration's outcome")
    created = next(l for l in dump["model"]["registrationLines"] if l.startswith("message: "))
    log(f"{language}: {created}")
    if text(dump, "registration.message") != created[len("message: "):]:
        raise Failure(f"registration message {text(dump, 'registration.message')!r}, model {created!r}")
    # Closed as a person closes it: GTK's loop ends, the models and the clock go, exit 0.
    app.click("window.close")
    try:
        app.process.wait(10)
    except subprocess.TimeoutExpired:
        raise Failure("the app was still running 10 s after its close button was clicked")
    if app.process.returncode != 0:
        raise Failure(f"closed with its close button, the app exited {app.process.returncode}")
    log(f"{language}: closed with the window's close button, exit 0")


# The locale variables, and the language the screens must speak in them (gettext's order:
# LANGUAGE, unless the locale is C, then LC_ALL, LC_MESSAGES, LANG).
LOCALE_CASES = [
    ({"LANG": "zh_CN.UTF-8"}, "zh-Hans"),
    ({"LANG": "zh_SG.UTF-8"}, "zh-Hans"),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "zh_CN:en"}, "zh-Hans"),
    ({"LANG": "zh_CN.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh-Hans"),
    ({"LANG": "C", "LANGUAGE": "zh_CN"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({}, "en"),
]


def locale_cases(binary, display, out):
    """The app's language in each locale of LOCALE_CASES."""
    for locale, expected in LOCALE_CASES:
        app = App(binary, display, "locale", tempfile.mkdtemp(prefix="state-", dir=out), out, locale=locale)
        try:
            if app.dump["language"] != expected:
                raise Failure(f"in {locale} the screens speak {app.dump['language']}, not {expected}")
        finally:
            app.stop()
    log(f"locales: {len(LOCALE_CASES)} cases, each in the expected language")


def run_all(options, display, out):
    """The locale cases, then each language's flows; how many passed and failed."""
    log(f"Xvfb on {display.name}; output in {out}")
    passed, failed = 0, 0
    try:
        locale_cases(options.app, display, out)
        passed += 1
    except (Failure, subprocess.SubprocessError, OSError, ValueError, KeyError) as failure:
        failed += 1
        log(f"locales: FAILED: {failure}")
    for language in options.languages.split(","):
        state_home = tempfile.mkdtemp(prefix="state-", dir=out)
        app = None
        try:
            script = (f"type destination {DESTINATION}\nserver code {DEMO_CODE}\ntap send\nwait 2s\n"
                      + "".join(f"type code {code}\nwait 1s\n" for code in WRONG_CODES) + "wait 60s\n")
            lines = linemode_lines(options.linemode, language, script)
            app = App(options.app, display, language, state_home, out)
            if app.dump["language"] != language:
                raise Failure(f"LANG={LANGUAGES[language]['LANG']} gave the language {app.dump['language']}")
            verification_flow(app, language, lines, out)
            app = restart(app, options.app, display, language, state_home, out)
            registration_flow(app, language, out)
            passed += 1
            log(f"{language}: passed")
        except (Failure, subprocess.SubprocessError, OSError, ValueError, KeyError) as failure:
            failed += 1
            log(f"{language}: FAILED: {failure}")
            if app is not None:
                try:
                    app.screenshot(os.path.join(out, f"failure.{language}.png"))
                except Failure:
                    pass
        finally:
            if app is not None:
                app.stop()
    return passed, failed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app", required=True)
    parser.add_argument("--linemode", required=True)
    parser.add_argument("--out", default=None, help="dumps, logs and screenshots (default: a new temporary folder)")
    parser.add_argument("--screenshots", default=None, help="also copy the screenshots here, as 8-bit PNGs")
    parser.add_argument("--languages", default="en,zh-Hans")
    parser.add_argument("--timeout", type=int, default=240, help="for the whole run, in seconds")
    options = parser.parse_args()
    # Absolute: the app ignores a relative XDG_STATE_HOME, as the XDG rules say.
    out = os.path.abspath(options.out or tempfile.mkdtemp(prefix="signupgtk-ui-"))
    os.makedirs(out, exist_ok=True)

    def overdue(*_):
        raise Failure(f"the whole run took more than {options.timeout} s")

    signal.signal(signal.SIGALRM, overdue)
    signal.alarm(options.timeout)
    display = Display()
    try:
        passed, failed = run_all(options, display, out)
    finally:
        display.stop()
    signal.alarm(0)
    if options.screenshots and failed == 0:
        os.makedirs(options.screenshots, exist_ok=True)
        for name in sorted(os.listdir(out)):
            if name.endswith(".png") and not name.startswith("failure"):
                # Small files: 8-bit palette PNGs (the window's flat colours survive it).
                run(["/usr/bin/convert", os.path.join(out, name), "-colors", "256", "-strip",
                     "PNG8:" + os.path.join(options.screenshots, name)], timeout=30)
        log(f"screenshots in {options.screenshots}")
    log(f"output in {out}")
    print(f"ui-test: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        print(f"ui-test: {failure}", file=sys.stderr)
        sys.exit(1)
