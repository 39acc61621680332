#!/usr/bin/env python3
"""SignUpGTK's UI test: the app in a real window under Xvfb, driven by real input events.

For each language (en, zh-Hans, ja, ar) it starts the app on a display of its own, clicks and types
with xdotool (X's XTEST: the events reach GTK as a person's would), and at each key instant
asks the app for a dump of what GTK shows (SIGUSR1; see WidgetDump.swift) and takes a
screenshot. Every dump is checked whole: each control GTK shows (its text, sensitivity,
visibility, check state, accessible label and description, read back from GTK) equals what the
model's screen says at that instant. The model's texts are checked against linemode's
transcript for the same inputs on the virtual clock (the same service, code and language).

Covered: the region picker's search (the model's matches, chosen by a click); the language of
thirteen sets of locale variables (LANG, LC_ALL, LC_MESSAGES, LANGUAGE,
C); the cooldown saved under $XDG_STATE_HOME/org.hourglass.SignUpGTK; the countdown ticking on
screen (two reads >= 1 s apart, the seconds going down); a restart mid-cooldown (the app killed,
started again on the same XDG_STATE_HOME: the countdown goes on, not from 60); wrong codes (the
field's message is the model's "Wrong code. N attempts left", as linemode says it); the
registration page through to "Account created"; with --server, the app on the reference server
(server_flow.py: the outbox, a server restart, the 429's wait).

Every wait polls with a deadline; the whole run has one too. Exit 0 when all passed. The window,
the app's process, its dumps and the input events are in signupgtk_window.py.
    ui_test.py --app PATH --linemode PATH [--server PATH] [--out DIR] [--screenshots DIR] [--languages en,zh-Hans,ja,ar]
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from server_flow import server_flow
from signupgtk_window import App, Display, Failure, Overdue, find, laid_out, log, run, text

DESTINATION = "+86 138 1234 5678"
DEMO_CODE = "246810"
WRONG_CODES = ["111111", "222222"]
PASSWORD = "Hourglass-2024-sand"

LANGUAGES = {
    "en": {"LANG": "en_US.UTF-8", "resend": r"^Resend in (\d+)s$", "direction": "ltr"},
    "zh-Hans": {"LANG": "zh_CN.UTF-8", "resend": r"^重新发送\((\d+)s\)$", "direction": "ltr"},
    "ja": {"LANG": "ja_JP.UTF-8", "resend": r"^再送信（(\d+)秒）$", "direction": "ltr"},
    # Egyptian Arabic writes its counts in Arabic-Indic digits (٥٩), as CLDR says; \d reads them.
    "ar": {"LANG": "ar_EG.UTF-8", "resend": "^إعادة الإرسال \\(\u2068(\\d+)\u2069 ث\\)$", "direction": "rtl",
           "region": "EG"},
}


def countdown(dump, name, language):
    match = re.match(LANGUAGES[language]["resend"], text(dump, name))
    return int(match.group(1)) if match else None


def linemode_lines(linemode, language, script):
    """linemode's transcript of `script` on the virtual clock: the lines, timestamps dropped."""
    region = LANGUAGES[language].get("region", "CN")
    output = run([linemode, "--locale", language, "--region", region], timeout=30, input=script)
    return [re.sub(r"^\[ *[0-9.]+\] ", "", line) for line in output.splitlines()]


def region_search(app, language):
    """The region picker's search is the model's: "egypt" (an English name, which the search
    finds in every language) lists Egypt first, with the flag, the name in the language and
    +20 (every dump is checked against the model's matches); a click chooses it and empties
    the search."""
    app.click("verification.region.search")
    app.type("egypt")
    dump = app.wait(lambda d: find(d, "verification.region.match.0")["visible"]
                    and text(d, "verification.region.search") == "egypt", 10, "the search's first match")
    match = text(dump, "verification.region.match.0")
    if not (match.startswith("\U0001F1EA\U0001F1EC ") and match.endswith(" +20")):
        raise Failure(f"the first match for 'egypt' is {match!r}, not Egypt")
    app.click("verification.region.match.0")
    dump = app.wait(lambda d: text(d, "verification.region") == match
                    and not find(d, "verification.region.match.0")["visible"]
                    and text(d, "verification.region.search") == "", 10, "Egypt chosen, the search empty")
    log(f"{language}: region search 'egypt' -> {match!r}, chosen: {text(dump, 'verification.region')!r}")


def verification_flow(app, language, lines, out):
    """Send, count down, two wrong codes: what GTK shows is the model's and linemode's."""
    log(f"{language}: verification page")
    region_search(app, language)
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
    # "Call me" is offered once the wait is over, not during it: hidden, as the model has no call line.
    if find(second, "verification.call")["visible"] or any(
            l.startswith("call: ") for l in second["model"]["verificationLines"]):
        raise Failure("Call me is shown during the countdown")
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
    check_direction(dump, language)
    app.screenshot(os.path.join(out, f"verification.{language}.png"))


def check_direction(dump, language):
    """The window lays out in the language's direction: in a right-to-left one the send button
    sits left of the number's field, its mirror image in a left-to-right one."""
    expected = LANGUAGES[language]["direction"]
    if dump["direction"] != expected:
        raise Failure(f"the window lays out {dump['direction']}, not {expected}")
    entry, send = find(dump, "verification.destination.entry"), find(dump, "verification.send")
    mirrored = send["x"] + send["width"] <= entry["x"]
    if mirrored != (expected == "rtl"):
        raise Failure(f"{expected}: the send button at x {send['x']:.0f}, the field at x {entry['x']:.0f}")
    # A number, an address and a code read left to right in any window.
    for name in ("verification.destination.entry", "verification.code.entry"):
        if find(dump, name)["direction"] != "ltr":
            raise Failure(f"{name} lays its text out {find(dump, name)['direction']}, not ltr")
    log(f"{language}: laid out {expected} (send at x {send['x']:.0f}, the field at x {entry['x']:.0f}), "
        "the number and the code left to right")


def restart(app, binary, display, language, state_home, out):
    """Kills the app mid-cooldown (SIGKILL, as a crash) and starts it again after 1.5 s: the
    countdown goes on from where it was, less the time the app was down, never from 60."""
    dump = app.request()
    read_at = time.monotonic()
    before = countdown(dump, "verification.send", language)
    app.kill()
    time.sleep(1.5)
    app = App(binary, display, language, state_home, out, {"LANG": LANGUAGES[language]["LANG"]})
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
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "nl_NL.UTF-8"}, "en"),
    ({"LANG": "es_MX.UTF-8"}, "es"),
    ({"LANG": "pt_PT.UTF-8"}, "pt-BR"),
    ({"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
    ({"LANG": "ar_EG.UTF-8"}, "ar"),
    ({}, "en"),
]


def locale_cases(binary, display, out):
    """The app's language in each locale of LOCALE_CASES."""
    for locale, expected in LOCALE_CASES:
        app = App(binary, display, "locale", tempfile.mkdtemp(prefix="state-", dir=out), out, locale)
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
    if options.server:
        try:
            server_flow(options.app, options.server, display, out)
            passed += 1
            log("server: passed")
        except (Failure, subprocess.SubprocessError, OSError, ValueError, KeyError) as failure:
            failed += 1
            log(f"server: FAILED: {failure}")
    for language in options.languages.split(","):
        state_home = tempfile.mkdtemp(prefix="state-", dir=out)
        app = None
        try:
            script = (f"type destination {DESTINATION}\nserver code {DEMO_CODE}\ntap send\nwait 2s\n"
                      + "".join(f"type code {code}\nwait 1s\n" for code in WRONG_CODES) + "wait 60s\n")
            lines = linemode_lines(options.linemode, language, script)
            app = App(options.app, display, language, state_home, out, {"LANG": LANGUAGES[language]["LANG"]})
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
    parser.add_argument("--languages", default="en,zh-Hans,ja,ar")
    parser.add_argument("--server", default=None, help="hourglass-server: also run the app on it (--service)")
    parser.add_argument("--timeout", type=int, default=360, help="for the whole run, in seconds")
    options = parser.parse_args()
    # Absolute: the app ignores a relative XDG_STATE_HOME, as the XDG rules say.
    out = os.path.abspath(options.out or tempfile.mkdtemp(prefix="signupgtk-ui-"))
    os.makedirs(out, exist_ok=True)

    def overdue(*_):
        raise Overdue(f"the whole run took more than {options.timeout} s")

    def terminated(*_):
        raise Overdue("terminated (SIGTERM)")

    # Neither is caught by a flow's handler: the finally below still stops Xvfb and the app.
    signal.signal(signal.SIGALRM, overdue)
    signal.signal(signal.SIGTERM, terminated)
    signal.alarm(options.timeout)
    display = Display()
    try:
        passed, failed = run_all(options, display, out)
    except Overdue as overdue_run:
        log(f"FAILED: {overdue_run}; output in {out}")
        print("ui-test: stopped before the end")
        return 1
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
