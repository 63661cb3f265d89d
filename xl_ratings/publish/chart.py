"""The rating-history chart on a player page, as inline SVG (no script, no library).

    rating_chart_svg(history, 2, label=Text("等级分", "Rating"), title="王一")
"""

from __future__ import annotations

import math

from markupsafe import Markup, escape

from ..view.numbers import fixed
from .html import esc, plain
from .site_model import HistoryPoint, Text

__all__ = ["CHART_SIZES", "Charts", "rating_chart_svg"]

#: the rating-history chart on a player page: wide, and narrow for phones
CHART_SIZES = ((960, 320, "chart"), (420, 300, "chart-narrow"))


def _nice_step(span: float, ticks: int = 5) -> float:
    raw = span / max(ticks - 1, 1)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


class Charts:
    """Rating-history charts for one rendering; the parts that many players share are built once."""

    def __init__(self, decimals: int) -> None:
        self.decimals = decimals
        self._frames: dict[tuple, tuple] = {}
        self._values: dict[float, str] = {}

    def value(self, v: float) -> str:
        s = self._values.get(v)
        if s is None:
            s = self._values[v] = esc(fixed(v, self.decimals))
        return s

    def _frame(self, history: list[HistoryPoint], y0: float, y1: float, step: float, places: int,
               label: Text | None, width: int, height: int) -> tuple:
        """Grid, y labels, x axis and x labels; x positions and the points' tooltip prefixes."""
        key = (tuple((p.period, p.end) for p in history), y0, y1, step, label, width, height)
        frame = self._frames.get(key)
        if frame is not None:
            return frame
        n = len(history)
        widest = max(len(fixed(y0, places)), len(fixed(y1, places)))
        left, right, top, bottom = int(18 + 7.6 * widest), 30, 44, 56
        pw, ph = width - left - right, height - top - bottom
        xs = [left + (pw * i / (n - 1) if n > 1 else pw / 2) for i in range(n)]
        out = ['<g class="grid">']
        k = 0
        v = y0
        while v <= y1 + step / 1e6 and k < 50:
            yy = top + ph * (1 - (v - y0) / (y1 - y0))
            out.append(f'<line x1="{left}" x2="{width - right}" y1="{yy:.1f}" y2="{yy:.1f}"/>'
                       f'<text class="yl" x="{left - 10}" y="{yy + 4:.1f}" text-anchor="end">'
                       f'{escape(fixed(v, places))}</text>')
            k += 1
            v = y0 + k * step
        out.append("</g>")
        if label is not None:
            out.append(f'<text class="axis" x="{left - 10}" y="{top - 16}" text-anchor="end">{escape(label.zh)}</text>'
                       f'<text class="axis" lang="en" x="{left - 4}" y="{top - 16}">{escape(label.en)}</text>')
        # x labels, thinned to fit
        longest = max(len(p.period) for p in history)
        room = max(1, int(pw / max(longest * 7.2 + 14, 1)) + 1)
        every = max(1, math.ceil(n / room))
        shown = [i for i in range(n) if i % every == 0 or i == n - 1]
        if len(shown) > 1 and shown[-1] - shown[-2] < every:
            shown.pop(-2)
        out.append(f'<g class="xaxis"><line x1="{left}" x2="{width - right}" y1="{top + ph}" y2="{top + ph}"/>')
        for j, i in enumerate(shown):
            minor = " minor" if j % 2 == 1 and j != len(shown) - 1 else ""
            anchor = "start" if n > 1 and i == 0 and xs[i] - left < longest * 3.6 else "middle"
            out.append(f'<line class="tick" x1="{xs[i]:.1f}" x2="{xs[i]:.1f}" y1="{top + ph}" y2="{top + ph + 5}"/>'
                       f'<text class="xl{minor}" x="{xs[i]:.1f}" y="{top + ph + 22}" text-anchor="{anchor}">'
                       f"{escape(history[i].period)}</text>")
        out.append("</g>")
        tips = [f"{escape(p.period)} ({escape(p.end.isoformat())})" for p in history]
        frame = ("\n".join(out), [f"{x:.1f}" for x in xs], tips, top, ph, top + ph)
        if len(self._frames) < 20_000:
            self._frames[key] = frame
        return frame

    def svg(self, history: list[HistoryPoint], *, label: Text | None = None, title: str = "",
            sizes: tuple[tuple[int, int, str], ...] = ((960, 320, "chart"),)) -> Markup:
        """The chart drawn at each of ``sizes`` (width, height, id), one ``<svg>`` after the other."""
        pts = [(i, float(p.rating)) for i, p in enumerate(history)
               if p.rating is not None and math.isfinite(p.rating)]
        if not pts:
            return Markup("")
        n = len(history)
        lo = min(v for _, v in pts)
        hi = max(v for _, v in pts)
        span = hi - lo
        if span == 0:
            span = max(abs(hi) * 0.02, 10.0 ** -self.decimals * 10, 1.0)
            lo, hi = lo - span / 2, hi + span / 2
        step = _nice_step(span)
        y0 = math.floor(lo / step) * step
        y1 = math.ceil(hi / step) * step
        if y1 - y0 < step:
            y1 = y0 + step
        places = 0 if float(step).is_integer() else max(0, -math.floor(math.log10(step)) + 1)
        # runs of consecutive rated periods; a dashed bridge over the periods without a rating
        runs: list[list[int]] = []
        prev = -2
        for i, _ in pts:
            if i == prev + 1:
                runs[-1].append(i)
            else:
                runs.append([i])
            prev = i
        shown = [self.value(v) for _, v in pts]
        name = f'{esc(plain(label))}{" · " if title else ""}{esc(title)}'
        last = pts[-1][0]
        anchor = "end" if n > 1 and last == n - 1 else "middle"
        out = []
        for width, height, ident in sizes:
            frame, xs, tips, top, ph, base_y = self._frame(history, y0, y1, step, places, label, width, height)
            scale = ph / (y1 - y0)
            ys = {i: f"{top + (y1 - v) * scale:.1f}" for i, v in pts}
            ident = esc(ident)
            classes = "chart" if ident == "chart" else f"chart {ident}"
            out.append(f'<svg class="{classes}" id="{ident}" viewBox="0 0 {width} {height}" width="100%" '
                       f'role="img" aria-labelledby="{ident}-title" preserveAspectRatio="xMidYMid meet">'
                       f'<title id="{ident}-title">{name}</title>')
            out.append(frame)
            for a, b in zip(runs, runs[1:]):
                out.append(f'<path class="gap" d="M {xs[a[-1]]} {ys[a[-1]]} L {xs[b[0]]} {ys[b[0]]}"/>')
            for run in runs:
                if len(run) > 1:
                    coords = " L ".join([f"{xs[i]} {ys[i]}" for i in run])
                    out.append(f'<path class="area" d="M {xs[run[0]]} {base_y} L {coords} L {xs[run[-1]]} {base_y} Z"/>'
                               f'<path class="line" d="M {coords}"/>')
            out.append("".join([f'<circle class="pt" cx="{xs[i]}" cy="{ys[i]}" r="4.5"><title>{tips[i]}: {v}</title>'
                                "</circle>" for (i, _), v in zip(pts[:-1], shown)]))
            out.append(f'<circle class="pt last" cx="{xs[last]}" cy="{ys[last]}" r="6"><title>{tips[last]}: '
                       f'{shown[-1]}</title></circle><text class="val" x="{xs[last]}" '
                       f'y="{float(ys[last]) - 14:.1f}" text-anchor="{anchor}">{shown[-1]}</text></svg>')
        return Markup("\n".join(out))


def rating_chart_svg(history: list[HistoryPoint], decimals: int = 2, *,
                     label: Text | None = None, title: str = "",
                     width: int = 960, height: int = 320, ident: str = "chart") -> Markup:
    """The rating-history chart as inline SVG: x = the periods, y = the rating.

    One ``<circle class="pt">`` (with a ``<title>`` tooltip) per rated period;
    one ``<path class="line">`` per run of consecutive rated periods (a None
    breaks the line; a dashed ``<path class="gap">`` bridges it); y ticks at
    round numbers; a flat history gets a band around its value.  Empty markup
    when no period has a rating.  ``ident`` names the ``<svg>`` (its id and
    class) when a page holds more than one.
    """
    return Charts(decimals).svg(history, label=label, title=title, sizes=((width, height, ident),))
