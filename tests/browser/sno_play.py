"""Helpers of the browser tests that play Sturm Nach Osten by gestures (issue 35): a game
started through the API in the page, actions sent without the mouse to reach a phase, and
the gestures themselves (a click on a hex, a drag from a hex to another), each counted."""

from __future__ import annotations

import time
from typing import Any

from test_new_player import screen_point
from test_play_in_browser import answered, view


class Counted:
    """A page's gestures, counted: clicks, drags and keys (each is one gesture)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.n = 0
        self.pans = 0  # the map brought to a hex out of view (a scroll, not counted in n)

    def shown(self, hex_id: str) -> tuple[float, float]:
        """Where a hex is on the screen, the map panned to it first if it is out of view."""
        x, y = screen_point(self.page, hex_id)
        box = self.page.locator("#board").bounding_box()
        inside = box["x"] + 30 < x < box["x"] + box["width"] - 60
        if not (inside and box["y"] + 30 < y < box["y"] + box["height"] - 30):
            self.pans += 1
            self.page.evaluate(
                "h => { const c = BOARD.centres[h]; vb[0] = c[0] - vb[2] / 2;"
                " vb[1] = c[1] - vb[3] / 2; putVb(); }",
                hex_id,
            )
            x, y = screen_point(self.page, hex_id)
        return x, y

    def click_hex(self, hex_id: str) -> None:
        self.n += 1
        self.page.mouse.click(*self.shown(hex_id))

    def click(self, selector: str) -> None:
        self.n += 1
        self.page.locator(selector).click()

    def key(self, key: str) -> None:
        self.n += 1
        self.page.keyboard.press(key)

    def drag(self, start: str, end: str, lift: float = 0.0) -> None:
        """Press on ``start`` (``lift``: that far up the hex, where a stack's top counter
        is), move to ``end`` and let go: one gesture."""
        self.n += 1
        x0, y0 = self.shown(start)
        x1, y1 = screen_point(self.page, end)
        if not self.page.evaluate(
            "([x, y]) => { const b = document.getElementById('board').getBoundingClientRect();"
            " return x > b.left && x < b.right - 60 && y > b.top && y < b.bottom; }",
            [x1, y1],
        ):  # both ends in view: the map centred between them
            self.pans += 1
            look_at(self.page, [start, end], 700)
            x0, y0 = screen_point(self.page, start)
            x1, y1 = screen_point(self.page, end)
        self.page.mouse.move(x0, y0 - lift)
        self.page.mouse.down()
        self.page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=3)
        self.page.mouse.move(x1, y1, steps=3)
        self.page.mouse.up()


def start_game(page: Any, base_url: str, seed: int = 1, soviet: str = "human") -> str:
    """A new June 1941 campaign, the Axis played here; the game's id."""
    page.goto(base_url + "/new")
    page.wait_for_selector("input[name=game][value=sno]")
    body = {
        "game": "sno",
        "scenario": "1941",
        "options": {},
        "players": {"axis": "human", "soviet": soviet},
        "seed": seed,
    }
    js = "b => api('POST', '/api/games', b).then(r => r.url)"
    url = answered(page, js, body, "POST /api/games")
    page.goto(base_url + url)
    page.wait_for_selector("g.counters .counter-slot")
    page.wait_for_function("() => window.V && quiet()")
    return str(page.evaluate("GID"))


def send(page: Any, text: str) -> dict[str, Any]:
    """Take an action without a gesture (to reach the phase a test is about)."""
    seq = view(page)["seq"]
    js = (
        "t => api('POST', '/api/games/' + encodeURIComponent(GID) + '/actions',"
        " {action: t, seq: V.seq})"
    )
    answered(page, js, text, f"the action {text}")
    return until(page, "s => V.seq > s && quiet()", seq)


def end_phases_until(page: Any, phase: str) -> dict[str, Any]:
    """End phases (by their end action) until ``phase`` begins."""
    v = view(page)
    while v["phase"] != phase:
        end = next(a for a in v["actions"] if a["role"] == "end")
        v = send(page, end["text"])
    return v


def look_at(page: Any, hexes: list[str], width: float = 520) -> None:
    """Show the map around these hexes (``width`` SVG units wide)."""
    page.evaluate(
        """([hs, w]) => { const cs = hs.map(h => BOARD.centres[h]);
        const x = cs.reduce((s, c) => s + c[0], 0) / cs.length;
        const y = cs.reduce((s, c) => s + c[1], 0) / cs.length;
        vb = [x - w / 2, y - w * 0.35, w, w * 0.7]; putVb(); }""",
        [hexes, width],
    )


def click_unit(counted: Counted, uid: str) -> None:
    """Click a unit's counter where it is drawn (a spread-out stack's, if it is shown)."""
    page = counted.page
    fanned = page.locator(f'g.fan-layer .counter-slot[data-uid="{uid}"]')
    slot = fanned if fanned.count() else page.locator(f'g.counters .counter-slot[data-uid="{uid}"]')
    box = slot.bounding_box()
    counted.n += 1
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def hex_of(v: dict[str, Any], uid: str) -> str:
    return str(next(c["hex"] for c in v["counters"] if c["id"] == uid))


def drag_unit(counted: Counted, uid: str, end: str) -> None:
    """Drag one counter of a spread-out stack to a hex: one gesture."""
    page = counted.page
    slot = page.locator(f'g.fan-layer .counter-slot[data-uid="{uid}"]')
    slot.wait_for()
    box = slot.bounding_box()
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    x1, y1 = screen_point(page, end)
    counted.n += 1
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=3)
    page.mouse.move(x1, y1, steps=3)
    page.mouse.up()


def wait_for(page: Any, condition: str, arg: Any = None, timeout: float = 90) -> Any:
    """Wait, in the page, until a JavaScript condition on ``V`` holds (checked every 50 ms);
    its value. Past ``timeout`` seconds, a failure that says what was awaited and where the
    game stood."""
    from playwright.sync_api import TimeoutError as Late

    try:
        handle = page.wait_for_function(condition, arg=arg, timeout=timeout * 1000, polling=50)
    except Late:
        where = page.evaluate(
            "() => window.V ? {seq: V.seq, phase: V.info.phase, active: V.active,"
            " thinking: V.thinking, quiet: quiet()} : 'no view'"
        )
        raise AssertionError(
            f"waited {timeout:g} s in vain for {condition} (with {arg!r}); the page: {where}"
        ) from None
    return handle.json_value()


def until(page: Any, condition: str, arg: Any = None, timeout: float = 90) -> dict[str, Any]:
    """Wait, in the page (cheaper than reading the whole view from here again and again),
    until a JavaScript condition on ``V`` holds, then read the view."""
    wait_for(page, condition, arg, timeout)
    return view(page)


def glance(page: Any) -> dict[str, Any]:
    """What a player decides from, read from the page: the step, phase and side, the actions
    (their role, text, verb, hex and units), the pending decision's targets and where each
    unit is (lighter than ``view``: no log, no paths)."""
    v: dict[str, Any] = page.evaluate(
        "() => ({seq: V.seq, active: V.active, thinking: V.thinking, phase: V.info.phase,"
        " actions: V.actions.map(a => ({role: a.role, text: a.text, verb: a.verb, hex: a.hex,"
        " units: a.units})), targets: (V.pending && V.pending.targets) || [],"
        " counters: V.counters.map(c => ({id: c.id, hex: c.hex}))})"
    )
    return v


#: The Axis to decide (the computer done, nothing on its way), or the Combat Phase over.
AXIS_AGAIN = (
    "s => V.seq > s && quiet() && ((V.active === 'axis' && !V.thinking && V.actions.length > 0)"
    " || V.info.phase !== 'axis_combat')"
)
AT = "([u, h]) => V.counters.some(c => c.id === u && c.hex === h) && quiet()"


def hand_over(page: Any, side: str, level: str) -> None:
    """Choose who plays ``side`` in the status box, then wait until the page's view says so
    (test_players_chosen.py checks choices made without waiting)."""
    page.select_option(f"#status select.who[data-side={side}]", level)
    wait_for(page, "([s, l]) => V.players[s] === l && quiet()", [side, level], timeout=30)


def played_to_the_end(page: Any, timeout: float, stall: float = 60) -> None:
    """Wait until the game's result is shown, the computer playing every side: at most
    ``timeout`` seconds, and a failure as soon as no step has been taken for ``stall``
    seconds or a human side is to move (nothing would ever come), saying where it stood."""
    from playwright.sync_api import TimeoutError as Late

    begun = time.monotonic()
    seq, moved = -1, begun
    while True:
        try:
            page.wait_for_selector("#result:not([hidden])", timeout=5_000)
            return
        except Late:
            pass
        v = page.evaluate(
            "() => ({seq: V.seq, turn: V.info.title, active: V.active, thinking: V.thinking,"
            " players: V.players, error: V.ai_error || null, quiet: quiet()})"
        )
        now = time.monotonic()
        if v["seq"] != seq:
            seq, moved = v["seq"], now
        human = v["active"] and v["players"].get(v["active"]) == "human"
        stuck = v["error"] or (human and not v["thinking"] and v["quiet"])
        assert not stuck and now - moved < stall and now - begun < timeout, (
            f"no result after {now - begun:.0f} s ({now - moved:.0f} s without a step): {v}"
        )
