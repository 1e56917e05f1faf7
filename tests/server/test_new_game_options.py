"""The New game page offers exactly what plays (issue 33): what /api/meta says a scenario or
shipped position may have - its options, each option's values there (``choices_by_scenario``),
the options of one group as alternatives - is what creating a game accepts, and nothing
else. Read from the description alone, as the page and the CLI read it."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ostfront.games import get
from ostfront.server.app import create_app
from ostfront.server.limits import RateLimit

PLAYERS = {"axis": "human", "soviet": "human"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(tmp_path_factory.mktemp("web") / "games.sqlite", move_delay=0)
    app.app.state.create_limit = RateLimit(burst=10_000, per_second=10_000.0)  # many games here
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture(scope="module")
def sno(client: TestClient) -> dict[str, Any]:
    meta = client.get("/api/meta").json()
    found: dict[str, Any] = next(g for g in meta["games"] if g["name"] == "sno")
    return found


def offered(game: dict[str, Any], scenario: str) -> list[dict[str, Any]]:
    return [o for o in game["options"] if not o["scenarios"] or scenario in o["scenarios"]]


def choices(option: dict[str, Any], scenario: str, on: Iterable[str] = ()) -> list[Any]:
    """The values the page offers: the scenario's own, or the one a switch ``on`` fixes."""
    fixed = [v for k, v in option.get("fixed_by", {}).items() if k in set(on)]
    if fixed:
        return fixed[:1]
    out: list[Any] = option.get("choices_by_scenario", {}).get(scenario, option["choices"])
    return out


def is_switch(option: dict[str, Any]) -> bool:
    return sorted(option["choices"]) == [False, True]


def combinations(options: list[dict[str, Any]], scenario: str) -> Iterator[dict[str, Any]]:
    """Every set of values the page lets a player choose: each switch on or off (at most one
    of a group on), each other option at one of the values the scenario and the switches
    leave it (one, while a switch fixes it: the page sends none then)."""
    axes: list[list[dict[str, Any]]] = []
    groups: dict[str, list[str]] = {}
    for o in options:
        if is_switch(o) and o.get("group"):
            groups.setdefault(o["group"], []).append(o["id"])
        elif is_switch(o):
            axes.append([{}, {o["id"]: True}])
    axes += [[{}, *({i: True} for i in ids)] for ids in groups.values()]
    valued = [o for o in options if not is_switch(o)]
    for parts in itertools.product(*axes):
        switches = {k: v for p in parts for k, v in p.items()}
        values = [
            [{} if o.get("fixed_by", {}).keys() & switches.keys() else {o["id"]: c}
             for c in choices(o, scenario, switches)]
            for o in valued
        ]  # fmt: skip
        for rest in itertools.product(*values):
            yield {**switches, **{k: v for p in rest for k, v in p.items()}}


def create(client: TestClient, **body: Any) -> Any:
    return client.post("/api/games", json={"game": "sno", "seed": 5, "players": PLAYERS, **body})


def test_each_scenario_lists_exactly_the_end_months_that_play(
    client: TestClient, sno: dict[str, Any]
) -> None:
    end = next(o for o in sno["options"] if o["id"] == "end")
    # SNO 15.7: May 1945 or a December after the start; never December 1942 after November
    assert end["choices_by_scenario"] == {
        "1941": ["1945-05", "1941-12", "1942-12", "1943-12", "1944-12"],
        "1942a": ["1945-05", "1942-12", "1943-12", "1944-12"],
        "1942b": ["1945-05", "1943-12", "1944-12"],
        "1943": ["1945-05", "1943-12", "1944-12"],
        "1944": ["1945-05", "1944-12"],
    }
    for s in sno["scenarios"]:
        listed = choices(end, s["id"])
        for month in end["choices"]:
            r = create(client, scenario=s["id"], options={"end": month})
            assert (r.status_code == 201) == (month in listed), (s["id"], month, r.text)
            if month not in listed:
                assert "SNO 15.7" in r.json()["error"] and s["id"] in r.json()["error"]


def singly(options: list[dict[str, Any]], scenario: str) -> Iterator[dict[str, Any]]:
    """Each value the page offers of each option, the others left at their defaults."""
    yield {}
    for o in options:
        for c in [True] if is_switch(o) else choices(o, scenario):
            if c != o["default"]:
                yield {o["id"]: c}


def starts(sno: dict[str, Any]) -> Iterator[tuple[dict[str, Any], list[dict[str, Any]], str]]:
    """Each scenario and shipped position the page offers, with its options."""
    for s in sno["scenarios"]:
        yield {"scenario": s["id"]}, offered(sno, s["id"]), s["id"]
    for p in sno["positions"]:
        yield {"position": p["id"]}, [o for o in sno["options"] if o["id"] in p["options"]], "1941"


def test_every_value_the_page_offers_makes_a_game_through_the_api(
    client: TestClient, sno: dict[str, Any]
) -> None:
    for start, options, scenario in starts(sno):
        for chosen in singly(options, scenario):
            r = create(client, **start, options=chosen)
            assert r.status_code == 201, (start, chosen, r.text)


def test_every_combination_the_page_offers_sets_up(sno: dict[str, Any]) -> None:
    """All of them together, as the route creates them (the game's setup; the API test above
    makes one game a value, as every game goes through the same setup)."""
    game = get("sno")
    made = 0
    for start, options, scenario in starts(sno):
        position = game.shipped_position(start["position"]) if "position" in start else None
        for chosen in combinations(options, scenario):
            game.setup(start.get("scenario"), chosen, 5, position=position)
            made += 1
    # 1941: 2 (13.0) x 2 x 2 (the May options) x 2 (14.7) x 2 (14.8) x (5 ends (15.7)
    # without a Soviet start option, or one of three, ending December 1941: 14.14a); 1942a:
    # 13.0, 14.8 and 4 ends; then 3, 3, 2 ends with 13.0; each position 13.0 on or off
    assert made == 32 * (5 + 3) + 16 + 6 + 6 + 4 + 2 * len(sno["positions"])


def test_what_the_page_does_not_offer_is_refused(client: TestClient, sno: dict[str, Any]) -> None:
    group = [o["id"] for o in sno["options"] if o.get("group")]
    assert group == ["free-soviet-setup", "stalin-line", "modernization"]  # SNO 14.13
    for a, b in itertools.combinations(group, 2):
        r = create(client, scenario="1941", options={a: True, b: True})
        assert r.status_code == 400 and "SNO 14.13" in r.json()["error"], r.text
    for s in sno["scenarios"]:
        ids = {o["id"] for o in offered(sno, s["id"])}
        for o in sno["options"]:
            if o["id"] not in ids:
                r = create(client, scenario=s["id"], options={o["id"]: choices(o, "1941")[-1]})
                assert r.status_code == 400, (s["id"], o["id"])
    for p in sno["positions"]:  # SNO 14.11: no strategic option with a custom position
        for o in sno["options"]:
            if o["id"] not in p["options"] and is_switch(o):
                r = create(client, position=p["id"], options={o["id"]: True})
                assert r.status_code == 400 and "SNO 14.11" in r.json()["error"], r.text


def test_the_cli_lists_each_scenario_s_own_end_months(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from ostfront.cli.main import cli

    out = " ".join(CliRunner().invoke(cli, ["games"]).output.split())  # lines as wrapped
    block = out.split("scenario 1942b")[1].split("scenario 1943")[0]
    assert "(1945-05, 1943-12, 1944-12)" in block
    assert "[one Soviet start option at most (SNO 14.13)]" in out.split("scenario 1942a")[0]


def test_the_game_refuses_a_month_outside_its_scenario_s_choices() -> None:
    with pytest.raises(Exception, match=r"cannot be '1942-12' in the '1942b' scenario"):
        get("sno").setup("1942b", {"end": "1942-12"}, 1)


def test_a_soviet_start_option_fixes_the_last_month(
    client: TestClient, sno: dict[str, Any]
) -> None:
    """SNO 14.14a: after option 14.2, 14.3 or 14.4 the game ends after December 1941. The
    description says so (the page then offers that month alone), a game made without a
    last month takes it, and any other month asked for is refused naming the rule."""
    end = next(o for o in sno["options"] if o["id"] == "end")
    starts = ["free-soviet-setup", "stalin-line", "modernization"]
    assert end["fixed_by"] == dict.fromkeys(starts, "1941-12")
    assert end["fixed_rule"] == "SNO 14.14a"
    for option in starts:
        assert choices(end, "1941", [option]) == ["1941-12"]
        made = create(client, scenario="1941", options={option: True})
        assert made.status_code == 201, made.text
        assert get("sno").resolve_options({option: True}, "1941")["end"] == "1941-12"
        same = create(client, scenario="1941", options={option: True, "end": "1941-12"})
        assert same.status_code == 201, same.text
        for month in ("1945-05", "1942-12", "1943-12", "1944-12"):
            r = create(client, scenario="1941", options={option: True, "end": month})
            assert r.status_code == 400, r.text
            assert "SNO 14.14a" in r.json()["error"] and option in r.json()["error"]
