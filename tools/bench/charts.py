#!/usr/bin/env python3
"""Draws the benchmark's charts from results.json: one SVG per measure (the peers side by side
as bars, the floor marked) and a CDF per lateness distribution. Standard library only.

    tools/bench/charts.py [RESULTS_JSON [OUT_DIR]]   (default: tools/bench/results.json, tools/bench/charts)
"""
import html
import json
import math
import os
import re
import sys

FLOOR = "C timerfd+epoll (floor)"
WIDTH = 860
LABEL = 270  # width of the peer names column
VALUE = 150  # width of the value column at the right
ROW = 24
TOP = 58
PALETTE = [  # (prefix of the peer's name, colour)
    (FLOOR, "#3b3b3b"),
    ("LibeventClock", "#1f6fb4"),
    ("GLibClock", "#17a2a0"),
    ("DispatchClock", "#4f9ad8"),
    ("VirtualClock", "#8cbfe8"),
    ("raw libevent", "#e07b22"),
    ("raw GLib", "#c23b5a"),
    ("raw DispatchSourceTimer", "#3a9a3a"),
    ("NIO", "#8f62b8"),
    ("Task.sleep", "#9c6b52"),
]


def colour(peer):
    return next((c for prefix, c in PALETTE if peer.startswith(prefix)), "#999999")


def fmt(value, unit):
    """As the bench's table prints figures."""
    if unit == "ns":
        a = abs(value)
        if a >= 1e9:
            return f"{value / 1e9:.2f} s"
        if a >= 1e6:
            return f"{value / 1e6:.2f} ms"
        if a >= 1e3:
            return f"{value / 1e3:.1f} µs"
        return f"{value:.0f} ns"
    if unit == "/s":
        return f"{value / 1e6:.2f} M/s" if value >= 1e6 else f"{value:.0f} /s"
    if unit == "B":
        return f"{value:.0f} B"
    return f"{value:.2f} {unit}".strip()


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def esc(text):
    return html.escape(str(text), quote=True)


def svg(height, body):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="Helvetica, Arial, sans-serif" font-size="12">\n'
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n"
    )


def caption_lines(text, width=130):
    words, lines, line = text.split(), [], ""
    for word in words:
        if len(line) + len(word) + 1 > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


class Scale:
    """Maps values to x: logarithmic when all are positive and span more than 30 times."""

    def __init__(self, values, x0, x1):
        self.x0, self.x1 = x0, x1
        lo, hi = min(values), max(values)
        self.log = lo > 0 and hi / lo > 30
        if self.log:
            self.lo = 10 ** math.floor(math.log10(lo))
            self.hi = 10 ** math.ceil(math.log10(hi))
            if self.hi == self.lo:
                self.hi *= 10
        else:
            self.lo, self.hi = min(0.0, lo), max(0.0, hi)
            if self.hi == self.lo:
                self.hi = self.lo + 1

    def x(self, value):
        if self.log:
            t = (math.log10(max(value, self.lo)) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))
        else:
            t = (value - self.lo) / (self.hi - self.lo)
        return self.x0 + t * (self.x1 - self.x0)

    def ticks(self):
        if self.log:
            exponent = round(math.log10(self.lo))
            out = []
            while 10**exponent <= self.hi * 1.0001:
                out.append(10**exponent)
                exponent += 1
            return out
        step = 10 ** math.floor(math.log10((self.hi - self.lo) / 4))
        for factor in (1, 2, 5, 10):
            if (self.hi - self.lo) / (step * factor) <= 6:
                step *= factor
                break
        first = math.ceil(self.lo / step) * step
        return [first + i * step for i in range(int((self.hi - first) / step) + 1)]


def bar_chart(measure, figures, meta):
    unit = figures[0]["unit"]
    values = [f["value"] for f in figures]
    scale = Scale(values, LABEL, WIDTH - VALUE)
    bottom = TOP + ROW * len(figures)
    body = [f'<text x="10" y="22" font-size="15" font-weight="bold">{esc(measure)}</text>']
    body.append(f'<text x="10" y="40" fill="#555">{esc(meta)}</text>')
    for tick in scale.ticks():
        x = scale.x(tick)
        body.append(f'<line x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" y2="{bottom}" stroke="#e2e2e2"/>')
        body.append(f'<text x="{x:.1f}" y="{bottom + 14}" text-anchor="middle" fill="#666">{esc(fmt(tick, unit))}</text>')
    zero = scale.x(scale.lo if scale.log else 0.0)
    for i, figure in enumerate(figures):
        y = TOP + i * ROW
        peer, value = figure["peer"], figure["value"]
        x = scale.x(value)
        left, right = min(zero, x), max(zero, x)
        body.append(f'<text x="{LABEL - 8}" y="{y + 15}" text-anchor="end">{esc(peer)}</text>')
        body.append(
            f'<rect x="{left:.1f}" y="{y + 4}" width="{max(1.0, right - left):.1f}" height="{ROW - 8}" '
            f'fill="{colour(peer)}"><title>{esc(peer)}: {esc(fmt(value, unit))}</title></rect>'
        )
        ratio = figure.get("ratioToFloor")
        text = fmt(value, unit) + (f"  ({ratio:.2f} × floor)" if ratio is not None and peer != FLOOR else "")
        body.append(f'<text x="{WIDTH - VALUE + 6}" y="{y + 15}" font-size="11">{esc(text)}</text>')
    floor = next((f for f in figures if f["peer"] == FLOOR), None)
    notes = []
    if floor is not None:
        x = scale.x(floor["value"])
        body.append(
            f'<line x1="{x:.1f}" y1="{TOP - 8}" x2="{x:.1f}" y2="{bottom}" stroke="#c0392b" '
            'stroke-width="1.5" stroke-dasharray="5,3"/>'
        )
        body.append(f'<text x="{x + 3:.1f}" y="{TOP - 10}" fill="#c0392b" font-size="11">floor</text>')
        notes.append("The dashed red line marks the C timerfd+epoll floor.")
    notes.append("Logarithmic axis." if scale.log else "Linear axis.")
    lines = caption_lines(" ".join(notes))
    for j, line in enumerate(lines):
        body.append(f'<text x="10" y="{bottom + 36 + 15 * j}" fill="#555" font-size="11">{esc(line)}</text>')
    return svg(bottom + 44 + 15 * len(lines), body)


def cdf_chart(title, series, caption, meta):
    """series: [(peer, [(nanoseconds, fraction)])], drawn as steps on a logarithmic x axis."""
    left, right, top, bottom = 70, WIDTH - 230, 58, 400
    values = [v for _, points in series for v, _ in points if v > 0]
    # The axis starts at the lowest 1st percentile: below it, the few timers that fired
    # (nearly) on time would stretch it over decades of nothing; they are drawn at its edge.
    low = [v for _, points in series for v, f in points if f >= 0.01 and v > 0]
    scale = Scale([max(1.0, min(low or values)), max(values) * 1.0001 + 1], left, right)
    scale.log = True
    scale.lo = 10 ** math.floor(math.log10(max(1.0, min(low or values))))
    scale.hi = 10 ** math.ceil(math.log10(max(values) + 1))
    body = [f'<text x="10" y="22" font-size="15" font-weight="bold">{esc(title)}</text>']
    body.append(f'<text x="10" y="40" fill="#555">{esc(meta)}</text>')

    def y(fraction):
        return bottom - fraction * (bottom - top)

    for tick in scale.ticks():
        x = scale.x(tick)
        body.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{bottom}" stroke="#e2e2e2"/>')
        body.append(f'<text x="{x:.1f}" y="{bottom + 15}" text-anchor="middle" fill="#666">{esc(fmt(tick, "ns"))}</text>')
    for fraction in (0, 0.25, 0.5, 0.75, 0.9, 1.0):
        body.append(f'<line x1="{left}" y1="{y(fraction):.1f}" x2="{right}" y2="{y(fraction):.1f}" stroke="#eeeeee"/>')
        body.append(f'<text x="{left - 6}" y="{y(fraction) + 4:.1f}" text-anchor="end" fill="#666">{fraction:g}</text>')
    body.append(f'<text x="{(left + right) / 2:.0f}" y="{bottom + 32}" text-anchor="middle" fill="#444">lateness (log)</text>')
    body.append(
        f'<text x="16" y="{(top + bottom) / 2:.0f}" transform="rotate(-90 16 {(top + bottom) / 2:.0f})" '
        'text-anchor="middle" fill="#444">fraction of timers at or below</text>'
    )
    for i, (peer, points) in enumerate(series):
        path, previous = [], None
        for value, fraction in points:
            x = scale.x(max(value, scale.lo))
            if previous is None:
                path.append(f"M{x:.1f},{y(0):.1f} L{x:.1f},{y(fraction):.1f}")
            else:
                path.append(f"L{x:.1f},{y(previous):.1f} L{x:.1f},{y(fraction):.1f}")
            previous = fraction
        width = "2.5" if peer == FLOOR else "1.6"
        dash = ' stroke-dasharray="5,3"' if peer == FLOOR else ""
        body.append(
            f'<path d="{" ".join(path)}" fill="none" stroke="{colour(peer)}" stroke-width="{width}"{dash}>'
            f"<title>{esc(peer)}</title></path>"
        )
        ly = top + 8 + i * 20
        body.append(f'<line x1="{right + 16}" y1="{ly}" x2="{right + 40}" y2="{ly}" stroke="{colour(peer)}" stroke-width="3"{dash}/>')
        body.append(f'<text x="{right + 46}" y="{ly + 4}" font-size="11">{esc(peer)}</text>')
    lines = caption_lines(caption)
    for j, line in enumerate(lines):
        body.append(f'<text x="10" y="{bottom + 56 + 15 * j}" fill="#555" font-size="11">{esc(line)}</text>')
    return svg(bottom + 66 + 15 * len(lines), body)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "results.json")
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "charts")
    with open(source, encoding="utf-8") as f:
        results = json.load(f)
    meta = f"{results.get('date', '')[:10]} · {results.get('machine', '')}"
    # A partial run (--only) redraws its own measures and leaves the others' charts, each of
    # which names the date of its run.
    os.makedirs(out, exist_ok=True)
    measures = {}
    for figure in results["figures"]:
        measures.setdefault(figure["measure"], []).append(figure)
    written = []
    for measure, figures in measures.items():
        name = slug(measure) + ".svg"
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(bar_chart(measure, figures, meta))
        written.append(name)
    distributions = results.get("distributions") or []
    by_measure = {}
    for d in distributions:
        by_measure.setdefault(d["measure"], []).append(d)
    for measure, ds in by_measure.items():
        series = [(d["peer"], list(zip(d["nanoseconds"], d["levels"]))) for d in ds]
        counts = sorted({d["count"] for d in ds})
        caption = (
            f"Each curve: all of a peer's timers over every round ({', '.join(map(str, counts))} samples), "
            "drawn from the value at every percentile 0-100 % and at 99.5 and 99.9 % (the bench keeps those, "
            "not every sample). Timers below the axis's start are drawn at its edge. "
            "The dashed curve is the C timerfd+epoll floor."
        )
        name = slug(measure) + "-cdf.svg"
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(cdf_chart(f"{measure}: CDF", series, caption, meta))
        written.append(name)
    if "one-shot lateness" not in by_measure:
        # Results without samples: a CDF from the three percentiles the table keeps.
        keep = {"one-shot lateness p50": 0.5, "one-shot lateness p99": 0.99, "one-shot lateness max": 1.0}
        points = {}
        for figure in results["figures"]:
            if figure["measure"] in keep:
                points.setdefault(figure["peer"], []).append((figure["value"], keep[figure["measure"]]))
        if points:
            series = [(peer, sorted(p, key=lambda item: item[1])) for peer, p in points.items()]
            caption = (
                "Drawn from three percentiles only (p50, p99, max: the medians over the rounds), "
                "not from the samples: the steps between them are not measured."
            )
            name = "one-shot-lateness-cdf.svg"
            with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                f.write(cdf_chart("one-shot lateness: CDF", series, caption, meta))
            written.append(name)
    print(f"charts: {len(written)} SVG files in {os.path.relpath(out)}")


if __name__ == "__main__":
    main()
