"""The app under test, in a window of its own: Xvfb, the app's process, the dumps it writes
on SIGUSR1 (see WidgetDump.swift), xdotool's clicks and typing, and the check that a dump shows
exactly the model's screen. ui_test.py drives the flows with it."""

import json
import os
import signal
import subprocess
import time


class Failure(Exception):
    pass


class Overdue(BaseException):
    """The whole run's deadline: not a Failure, so no flow's handler catches it."""


def log(message):
    print(f"[{time.monotonic() - STARTED:7.2f}] {message}", flush=True)


STARTED = time.monotonic()


def run(command, timeout=10, shown=None, **options):
    """Runs a command to its end within `timeout` seconds; its output, or a Failure that names
    it as `shown` (the command line by default: give another when it holds a secret)."""
    shown = shown or " ".join(command)
    try:
        result = subprocess.run(command, timeout=timeout, capture_output=True, text=True, **options)
    except subprocess.TimeoutExpired:
        raise Failure(f"{command[0]} took more than {timeout} s: {shown}")
    if result.returncode != 0:
        raise Failure(f"{shown} exited {result.returncode}: {result.stderr.strip()}")
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
                os.close(read)
                self.stop()
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
            return
        except subprocess.TimeoutExpired:
            self.process.kill()


class App:
    """One run of SignUpGTK on `display`, in `language`, keeping its state in `state_home`."""

    def __init__(self, binary, display, language, state_home, out, locale, arguments=()):
        """`locale`: the locale variables to run in (`language` names its dump and log);
        `arguments`: the app's command line (`--service URL`)."""
        self.display = display
        self.dump_file = os.path.join(out, f"dump.{language}.json")
        if os.path.exists(self.dump_file):
            os.remove(self.dump_file)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
        env.update(locale)
        env.update({
            "DISPLAY": display.name, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1",
            "XDG_STATE_HOME": state_home, "SIGNUPGTK_DUMP": self.dump_file,
        })
        self.env = env
        self.log = open(os.path.join(out, f"app.{language}.log"), "a")
        self.process = subprocess.Popen([binary, *arguments], env=env, stdout=self.log, stderr=subprocess.STDOUT)
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
        # The text (a code, a password) goes on standard input: not on a command line that
        # other users can read in /proc, nor into a failure's message.
        run(["xdotool", "type", "--delay", "40", "--file", "-"], timeout=30, env=self.env, input=text,
            shown="xdotool type (the text on standard input)")

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
    """What the widget shows, its first-strong isolates (U+2068 … U+2069) kept, as linemode's
    transcripts keep them (`TranscriptText`)."""
    return find(dump, name)["text"]


def summary(dump):
    """The dump's shown texts, for a failure's message: fields that hold a secret and the demo
    hint (which names the demo server's code) are left out."""
    secret = ("code", "password", "confirm", "demo-hint")
    return "; ".join(f"{w['name']}={w['text']!r}{'' if w['sensitive'] else ' (insensitive)'}"
                     for w in dump["widgets"] if w["mapped"] and w["text"] and "caption" not in w["name"]
                     and not any(part in w["name"] for part in secret))


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
