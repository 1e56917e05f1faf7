"""The ``ostfront`` command: every engine operation, scriptable.

Each command takes ``--json`` for machine-readable output. A user error (a bad file, an
unknown game, an illegal action) prints one line and exits with status 2; a record that fails
verification exits with status 1.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from .. import __version__, games
from ..ai.players import levels as player_levels
from ..ai.players import levels_for
from ..ai.simulate import GameReport
from ..ai.tournament import Match, log_line, paired_matches, paired_summary, run, summary
from ..core import record as rec
from ..core.coverage import coverage_rows
from ..core.data_check import check_game
from ..core.errors import OstfrontError
from ..core.hexgrid import HexIdError
from ..core.position import load_position
from ..core.protocol import Game, State
from ..core.state import LogEntry
from ..render.svg import render_map
from ..server import serve

F = TypeVar("F", bound=Callable[..., Any])

out = Console(highlight=False, soft_wrap=True)


class UserError(OstfrontError):
    """A mistake in how the command was used."""


def emit(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def handled(fn: F) -> F:
    """Run a command, turning Ostfront's errors into one line and exit status 2."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = kwargs.get("as_json", False)
        try:
            return fn(*args, **kwargs)
        except (OstfrontError, HexIdError) as exc:
            message = str(exc).replace("\n", " ")
            if as_json:
                emit({"error": message})
            else:
                click.echo(f"error: {message}", err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON.")
log_option = click.option(
    "--log",
    "log_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Append a line of JSON to this file as each game ends (to follow a long run).",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ostfront")
def cli() -> None:
    """Ostfront: Sturm Nach Osten and Defiant Russia, every rule enforced."""
    games.load_plugins()


# ------------------------------------------------------------------ helpers
def load_game(name: str) -> Game:
    return games.get(name)


def current(path: str) -> tuple[rec.OpenRecord, Game, State]:
    """Open a record to go on with: from its snapshot while that still holds (the same
    engine, the same steps), else by a replay verifying every step (``rec.open_record``);
    either way without encoding the steps already there again."""
    opened = rec.open_record(path, load_game)
    return opened, opened.game, opened.state


def actions_json(game: Game, state: State) -> list[dict[str, Any]]:
    return [a.to_json() for a in game.legal_actions(state)]


# ------------------------------------------------------------------ games
@cli.command("games")
@json_option
@handled
def games_cmd(as_json: bool) -> None:
    """List the games, their scenarios and options."""
    described = [load_game(n).describe() for n in games.names()]
    if as_json:
        emit(described)
        return
    for g in described:
        status = "playable" if g["playable"] else "map and data only; rules engine to come"
        if g.get("playable_note"):
            status += f": {g['playable_note']}"
        out.print(f"[bold]{g['name']}[/bold]  {escape(g['title'])}  ({status})")
        for s in g["scenarios"]:  # each scenario with the options it offers, and only those
            out.print(f"  scenario [cyan]{s['id']}[/cyan]: {escape(s['title'])}")
            here = [o for o in g["options"] if not o["scenarios"] or s["id"] in o["scenarios"]]
            for o in here:
                out.print(
                    f"    option [green]{o['id']}[/green] ({o['rule']}): {escape(o['summary'])}"
                    + _option_values(o, s["id"], {x["id"] for x in here})
                )


def _option_values(option: dict[str, Any], scenario: str, here: set[str]) -> str:
    """What an option with several values may be in a scenario, the group it is in, and the
    options of the scenario (``here``) that fix its value."""
    out = ""
    choices = option.get("choices_by_scenario", {}).get(scenario, option["choices"])
    if not (len(choices) == 2 and False in choices and True in choices):  # not a switch
        out += " (" + escape(", ".join(str(c) for c in choices)) + ")"
    if option.get("group"):
        out += " " + escape(f"[{option['group']}]")
    fixed = {k: v for k, v in (option.get("fixed_by") or {}).items() if k in here}
    if fixed:
        by = ", ".join(f"{v} with {k}" for k, v in fixed.items())
        out += " " + escape(f"[{by} ({option.get('fixed_rule') or 'its rule'})]")
    return out


# ------------------------------------------------------------------ hex
@cli.command("hex")
@click.argument("game")
@click.argument("hex_id", metavar="HEX")
@json_option
@handled
def hex_cmd(game: str, hex_id: str, as_json: bool) -> None:
    """Describe one hex: terrain, hexside features per neighbour, place, regions."""
    the_game = load_game(game)
    info = the_game.board().describe_hex(hex_id)
    extras = the_game.hex_extras(info["hex"])
    info.update(extras)
    if as_json:
        emit(info)
        return
    place = info["place"]
    out.print(
        f"[bold]{game} {info['hex']}[/bold] column {info['column']:02d}, row {info['row']:02d}"
    )
    out.print(f"  terrain: {info['terrain'] or 'not reconstructed yet'}")
    if info["tags"]:
        out.print(f"  tags: {', '.join(info['tags'])}")
    if place:
        out.print(f"  place: {escape(place['name'])} ({', '.join(place['kinds'])})")
    for key in ("regions", "edges", "lines"):
        if info[key]:
            out.print(f"  {key}: {escape(', '.join(info[key]))}")
    if info["rail"]:
        out.print("  rail hex")
    for key, value in extras.items():
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        out.print(f"  {key}: {escape(shown)}")
    table = Table("neighbour", "terrain", "hexside", "features", "rail")
    for n in info["neighbours"]:
        table.add_row(
            n["hex"],
            n["terrain"] or "-",
            n["hexside"],
            ", ".join(f"{k} ({v})" for k, v in n["features"].items()) or "-",
            "yes" if n["rail"] else "",
        )
    out.print(table)


# ------------------------------------------------------------------ new / actions / act
@cli.command("new")
@click.argument("game")
@click.option("--scenario", default=None, help="Scenario id (default: the game's first).")
@click.option("--option", "options", multiple=True, help="Option id, or id=value. Repeatable.")
@click.option("--seed", type=int, default=None, help="Seed for the dice (default: random).")
@click.option(
    "--position",
    type=click.Path(dir_okay=False),
    default=None,
    help="Start from a custom position file.",
)
@click.option(
    "--out",
    "out_path",
    required=True,
    type=click.Path(dir_okay=False),
    help="Where to write the game record.",
)
@json_option
@handled
def new_cmd(
    game: str,
    scenario: str | None,
    options: tuple[str, ...],
    seed: int | None,
    position: str | None,
    out_path: str,
    as_json: bool,
) -> None:
    """Start a game and write its record."""
    g = load_game(game)
    chosen: dict[str, Any] = {}
    for o in options:
        key, eq, value = o.partition("=")
        chosen[key] = _option_value(value) if eq else True
    pos = load_position(position) if position else None
    if pos is not None and pos["game"] != g.name:
        raise UserError(f"{position}: the position is for game {pos['game']!r}, not {g.name!r}")
    state = g.setup(scenario, chosen, seed, position=pos)
    record = rec.new_record(g, state, position=pos)
    record.keep_snapshot(g, state)
    rec.save(record, out_path)
    if as_json:
        emit(
            {
                "record": out_path,
                "header": record.header,
                "active": g.active_side(state),
                "prompt": g.prompt(state).to_json(),
            }
        )
    else:
        out.print(
            f"New {g.title} game ({state['scenario']}, seed {state['seed']}) -> {escape(out_path)}"
        )
        out.print(f"{g.active_side(state)}: {escape(g.prompt(state).text)}")


def _option_value(value: str) -> Any:
    lowered = value.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(value)
    except ValueError:
        return value


@cli.command("actions")
@click.argument("record_path", metavar="REC")
@json_option
@handled
def actions_cmd(record_path: str, as_json: bool) -> None:
    """The side to decide, what it is asked, and its legal actions."""
    _, game, state = current(record_path)
    prompt = game.prompt(state)
    acts = game.legal_actions(state)
    if as_json:
        res = game.result(state)
        emit(
            {
                "active": game.active_side(state),
                "prompt": prompt.to_json(),
                "actions": [a.to_json() for a in acts],
                "result": None if res is None else res.to_json(),
            }
        )
        return
    rule = f" [dim]({prompt.rule})[/dim]" if prompt.rule else ""
    who = game.active_side(state) or "nobody"
    out.print(f"[bold]{who}[/bold]: {escape(prompt.text)}{rule}")
    for i, a in enumerate(acts, start=1):
        label = f"  [dim]{escape(a.label)}[/dim]" if a.label and a.label != a.text else ""
        out.print(f"  #{i:<3} {escape(a.text)}{label}")
    res = game.result(state)
    if res is not None:
        out.print(f"Game over: {res.winner or 'draw'} {dict(res.score)} ({escape(res.reason)})")


def _dice_text(entry: LogEntry) -> str:
    """A log entry's dice as the CLI shows them: " (why: 4 -> DR; ...)", or ""."""
    parts = []
    for r in entry.get("rolls") or ():
        dice = " ".join(str(d) for d in r["dice"])
        result = f" -> {r['result']}" if r.get("result") else ""
        parts.append(f"{r['why']}: {dice}{result}" if r.get("why") else f"{dice}{result}")
    return f" ({'; '.join(parts)})" if parts else ""


@cli.command("act")
@click.argument("record_path", metavar="REC")
@click.argument("actions", nargs=-1, required=True)
@json_option
@handled
def act_cmd(record_path: str, actions: tuple[str, ...], as_json: bool) -> None:
    """Apply actions in order (each one argument, e.g. "move u1 0203", or #N from the
    'actions' list). All or nothing: if one is illegal the record is left as it was.
    With --json, the answer holds the legal actions that follow, as 'actions' lists them.
    Undo reaches back within one call only (the record keeps no undo history)."""
    opened, game, state = current(record_path)
    applied = []
    rolled: list[str] = []
    for i, text in enumerate(actions, start=1):
        if text.startswith("#") and text[1:].isdigit():
            legal = game.legal_actions(state)
            k = int(text[1:])
            if not 1 <= k <= len(legal):
                raise UserError(f"action {i} ({text}): there are {len(legal)} legal actions")
            text = legal[k - 1].text
        try:
            state = opened.apply(text)
        except OstfrontError as exc:
            raise UserError(
                f"action {i} of {len(actions)} ({text}): {exc}; record unchanged"
            ) from None
        applied.append(text)
        rolled.append(_dice_text(state["log"][-1]) if state.get("log") else "")
    opened.save()  # the steps already there are written again as they were, not encoded
    if as_json:
        res = game.result(state)
        emit(
            {
                "applied": applied,
                "step": state["step"],
                "active": game.active_side(state),
                "prompt": game.prompt(state).to_json(),
                # what 'actions' lists now (no undo: a call starts without one), so that a
                # script goes on with one call a step
                "actions": actions_json(game, {**state, "undo": []}),
                "result": None if res is None else res.to_json(),
            }
        )
    else:
        for t, dice in zip(applied, rolled, strict=True):
            out.print(f"applied: {escape(t)}{escape(dice)}")
        out.print(f"{game.active_side(state) or 'nobody'}: {escape(game.prompt(state).text)}")


# ------------------------------------------------------------------ show / replay
@cli.command("show")
@click.argument("record_path", metavar="REC")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also draw the map with its counters to this SVG file.",
)
@json_option
@handled
def show_cmd(record_path: str, svg_path: str | None, as_json: bool) -> None:
    """Show a game's current state (and draw it as SVG)."""
    _, game, state = current(record_path)
    counters = game.counters(state)
    if svg_path:
        Path(svg_path).write_text(
            render_map(game.map_for(state), counters, title=f"{game.title} — step {state['step']}"),
            encoding="utf-8",
        )
    view = game.view(state, None)
    if as_json:
        emit(
            {
                "step": state["step"],
                "hash": rec.state_hash(state),
                "view": view,
                "counters": [c.to_json() for c in counters],
                "svg": svg_path,
            }
        )
        return
    out.print(f"[bold]{game.title}[/bold] scenario {state['scenario']}, step {state['step']}")
    out.print(f"{view['active'] or 'nobody'} to decide: {escape(view['prompt']['text'])}")
    if view["result"]:
        r = view["result"]
        out.print(f"Result: {r['winner'] or 'draw'} {r['score']} ({escape(r['reason'])})")
    table = Table("counter", "side", "hex", "factors", "reduced")
    for c in counters:
        table.add_row(c.label or c.id, c.side, c.hex, c.factors, "yes" if c.reduced else "")
    out.print(table)
    if svg_path:
        out.print(f"map drawn to {escape(svg_path)}")


@cli.command("replay")
@click.argument("record_path", metavar="REC")
@click.option("--verify", is_flag=True, help="Compare every step's state hash with the record.")
@json_option
@handled
def replay_cmd(record_path: str, verify: bool, as_json: bool) -> None:
    """Replay a record from its header; with --verify, check every step. Exit 1 if it
    diverges, naming the first step that does."""
    record = rec.load(record_path)
    game = load_game(record.header["game"])
    report = rec.replay(game, record, verify=verify)
    final_hash = rec.state_hash(report.final) if report.final is not None else None
    if as_json:
        d = report.divergence
        emit(
            {
                "ok": report.ok,
                "steps": report.steps,
                "total": len(record.steps),
                "hashes_checked": report.checked,
                "verified": verify and report.verified,
                "final_hash": final_hash,
                "divergence": None if d is None else d.__dict__ | {"message": d.describe()},
            }
        )
    elif report.ok:
        what = "verified" if verify and report.verified else "replayed"
        out.print(f"{escape(record_path)}: {what} {report.steps} steps, final hash {final_hash}")
        if verify and not report.steps and not report.setup_checked:
            out.print("  the record has no steps and no set-up hash: there was nothing to verify")
        elif verify and report.checked < report.steps:
            out.print(
                f"  {report.steps - report.checked} of {report.steps} steps carry no hash: "
                "only their legality was checked"
            )
    else:
        assert report.divergence is not None
        click.echo(f"{record_path}: {report.divergence.describe()}", err=True)
    if not report.ok:
        sys.exit(1)


# ------------------------------------------------------------------ map / data
@cli.command("map")
@click.argument("game")
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False),
    required=True,
    help="Write the game's board to this SVG file.",
)
@json_option
@handled
def map_cmd(game: str, svg_path: str, as_json: bool) -> None:
    """Draw a game's board (no counters) as SVG."""
    g = load_game(game)
    Path(svg_path).write_text(render_map(g.board(), title=g.title), encoding="utf-8")
    if as_json:
        emit({"game": g.name, "svg": svg_path})
    else:
        out.print(f"{g.title} map drawn to {escape(svg_path)}")


@cli.group("data")
def data_group() -> None:
    """Check the games' data files."""


@data_group.command("check")
@click.argument("game", required=False)
@json_option
@handled
def data_check_cmd(game: str | None, as_json: bool) -> None:
    """Load and validate every data file of GAME (default: all games). Exit 1 if any is broken."""
    names = [game] if game else games.names()
    reports = [check_game(load_game(n)) for n in names]
    if as_json:
        emit(reports)
    else:
        for r in reports:
            for f in r["files"]:
                mark = "[green]ok[/green]" if f["ok"] else "[red]BROKEN[/red]"
                out.print(f"{r['game']}: {f['file']}: {mark}")
                for p in f["problems"]:
                    out.print(f"    problem: {escape(p)}")
                for n in f["notes"]:
                    out.print(f"    note: {escape(n)}")
    if not all(f["ok"] for r in reports for f in r["files"]):
        sys.exit(1)


# ------------------------------------------------------------------ rules
@cli.command("rules")
@click.argument("game")
@click.option("--status", default=None, help="Only rows with this status (e.g. pending).")
@json_option
@handled
def rules_cmd(game: str, status: str | None, as_json: bool) -> None:
    """The rules coverage table of GAME: every numbered rule, its status, code and tests."""
    g = load_game(game)
    rows = [r for r in coverage_rows(g) if status is None or r["status"] == status]
    if as_json:
        emit(rows)
        return
    table = Table("rule", "title", "status", "code", "tests", "notes")
    for r in rows:
        table.add_row(
            *(escape(r[k]) for k in ("rule", "title", "status", "code", "tests", "notes"))
        )
    out.print(table)
    counts: dict[str, int] = {}
    for r in coverage_rows(g):
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    out.print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())))


# ------------------------------------------------------------------ simulate
LEVELS = tuple(player_levels())


@cli.command("simulate")
@click.argument("game")
@click.option("--scenario", default=None)
@click.option("--option", "options", multiple=True, help="Option id, or id=value. Repeatable.")
@click.option("--axis", "axis_level", type=click.Choice(LEVELS), default="random")
@click.option("--soviet", "soviet_level", type=click.Choice(LEVELS), default="random")
@click.option("--games", "n_games", type=int, default=10, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first game.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Games played at once.")
@click.option(
    "--budget",
    type=click.FloatRange(min=0),
    default=None,
    help="Seconds a player may think per decision (hard: default 0.3).",
)
@click.option(
    "--turn-budget",
    type=click.FloatRange(min=0),
    default=None,
    help="Seconds a player may think per player-turn (hard: default 8).",
)
@click.option(
    "--records",
    type=click.Path(file_okay=False),
    default=None,
    help="Write every game's record here (replay them with 'ostfront replay --verify').",
)
@click.option("--no-check", is_flag=True, help="Skip the invariant and replay checks.")
@click.option(
    "--position",
    type=click.Path(dir_okay=False),
    default=None,
    help="Start every game from this custom position file.",
)
@log_option
@json_option
@handled
def simulate_cmd(
    game: str,
    scenario: str | None,
    options: tuple[str, ...],
    axis_level: str,
    soviet_level: str,
    n_games: int,
    seed: int,
    jobs: int,
    budget: float | None,
    turn_budget: float | None,
    records: str | None,
    no_check: bool,
    position: str | None,
    log_path: str | None,
    as_json: bool,
) -> None:
    """Play GAME between computer players (checking invariants after every action) and
    report the results: wins with 95% intervals, points, time per player-turn, problems."""
    g = load_game(game)
    known = levels_for(g)
    for side, level in (("axis", axis_level), ("soviet", soviet_level)):
        if level not in known:
            raise UserError(
                f"--{side} {level}: no computer player of that level knows {g.title} yet "
                f"(levels for it: {', '.join(known)})"
            )
    chosen = {
        k: (_option_value(v) if eq else True) for k, eq, v in (o.partition("=") for o in options)
    }
    pos = load_position(position) if position else None
    if pos is not None and pos["game"] != g.name:
        raise UserError(f"{position}: the position is for game {pos['game']!r}, not {g.name!r}")
    if pos is not None:
        scenario = scenario or pos.get("scenario")
    g.resolve_options(chosen, g.resolve_scenario(scenario))
    levels = dict(zip(g.sides, (axis_level, soviet_level), strict=False))
    match = Match(
        g.name,
        scenario,
        chosen,
        levels,
        check=not no_check,
        budget=budget,
        turn_budget=turn_budget,
        position=pos,
        hashes=True if records else None,  # records kept: with every step's hash
    )
    seeds = list(range(seed, seed + n_games))
    with (
        Progress(console=Console(stderr=True), disable=as_json) as bar,
        _game_log(log_path) as log,
    ):
        task = bar.add_task(f"{g.name}: {n_games} games", total=n_games)

        def done(r: GameReport) -> None:
            bar.advance(task)
            log(r, match.levels)

        reports = run(match, seeds, jobs, done=done)
    table = summary(match, reports)
    saved = []
    if records:
        Path(records).mkdir(parents=True, exist_ok=True)
        for r in reports:
            if r.record is not None:
                path = Path(records) / f"{g.name}-seed{r.seed}.json"
                rec.save(r.record, path)
                saved.append(str(path))
    table["records"] = saved
    table["reports"] = [r.to_json() for r in reports]
    if as_json:
        emit(table)
    else:
        _print_tournament(g.title, table)
    if table["problems"]:
        sys.exit(1)


def _print_tournament(title: str, table: dict[str, Any]) -> None:
    out.print(f"{table['games']} games of {escape(title)} ({table['scenario'] or 'default'})")
    grid = Table("side", "player", "wins", "95% interval", "mean points", "player-turn s")
    for side, row in table["sides"].items():
        lo, hi = row["ci95"]
        turn = (
            f"mean {row['turn_seconds_mean']:.3f}, worst {row['turn_seconds_worst']:.3f}"
            if row["turn_seconds_mean"] is not None
            else "-"
        )
        grid.add_row(
            side,
            row["level"],
            f"{row['wins']} ({row['win_rate']:.0%})",
            f"{lo:.0%}-{hi:.0%}",
            "-" if row["mean_points"] is None else f"{row['mean_points']:.2f}",
            turn,
        )
    out.print(grid)
    out.print(
        f"draws {table['draws']}, mean {table['mean_steps']:.0f} actions a game, "
        f"problems {len(table['problems'])}"
    )
    for p in table["problems"]:
        out.print(f"  seed {p['seed']}: {escape(p['problem'])}")


@contextmanager
def _game_log(path: str | None) -> Iterator[Callable[[GameReport, Mapping[str, str]], None]]:
    """``--log``: each game's line (:func:`ai.tournament.log_line`) appended to ``path`` and
    flushed as the game ends; without a path, nothing."""
    if path is None:
        yield lambda r, levels: None
        return
    with open(path, "a", encoding="utf-8") as f:

        def write(r: GameReport, levels: Mapping[str, str]) -> None:
            f.write(log_line(r, levels) + "\n")
            f.flush()

        yield write


# ------------------------------------------------------------------ compare
@cli.command("compare")
@click.argument("game")
@click.argument("level", type=click.Choice(LEVELS))
@click.argument("base", type=click.Choice(LEVELS))
@click.option("--scenario", default=None)
@click.option("--option", "options", multiple=True, help="Option id, or id=value. Repeatable.")
@click.option("--games", "n_games", type=int, default=10, show_default=True, help="Seeds.")
@click.option("--seed", type=int, default=1, show_default=True, help="The first seed.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Games played at once.")
@click.option("--budget", type=click.FloatRange(min=0), default=None)
@click.option("--turn-budget", type=click.FloatRange(min=0), default=None)
@click.option("--check", is_flag=True, help="Run the invariant and replay checks too.")
@log_option
@json_option
@handled
def compare_cmd(
    game: str,
    level: str,
    base: str,
    scenario: str | None,
    options: tuple[str, ...],
    n_games: int,
    seed: int,
    jobs: int,
    budget: float | None,
    turn_budget: float | None,
    check: bool,
    log_path: str | None,
    as_json: bool,
) -> None:
    """Paired games of LEVEL against BASE in GAME: each seed is played with BASE on every
    side, then with LEVEL on each side in turn (BASE on the others). For each side, LEVEL's
    margin is its points less BASE's on the same seed: the mean with a 95% interval, and
    the wins of each."""
    g = load_game(game)
    known = levels_for(g)
    for lv in (level, base):
        if lv not in known:
            raise UserError(
                f"{lv}: no computer player of that level knows {g.title} yet "
                f"(levels for it: {', '.join(known)})"
            )
    chosen = {
        k: (_option_value(v) if eq else True) for k, eq, v in (o.partition("=") for o in options)
    }
    g.resolve_options(chosen, g.resolve_scenario(scenario))
    matches = paired_matches(g.name, scenario, chosen, level, base, check, budget, turn_budget)
    seeds = list(range(seed, seed + n_games))
    reports = {}
    with (
        Progress(console=Console(stderr=True), disable=as_json) as bar,
        _game_log(log_path) as log,
    ):
        task = bar.add_task(
            f"{g.name}: {len(matches) * n_games} games", total=len(matches) * n_games
        )
        for key, match in matches.items():

            def done(r: GameReport, levels: Mapping[str, str] = match.levels) -> None:
                bar.advance(task)
                log(r, levels)

            reports[key] = run(match, seeds, jobs, done=done)
    table = paired_summary(matches, reports)
    table.update(game=g.name, scenario=scenario, options=chosen, level=level, base=base)
    table["reports"] = {k or "baseline": [r.to_json() for r in rs] for k, rs in reports.items()}
    if as_json:
        emit(table)
        return
    out.print(
        f"{escape(level)} against {escape(base)}, {len(table['seeds'])} paired seeds of "
        f"{escape(g.title)} ({scenario or 'default'})"
    )
    grid = Table("side", "margin (95%)", "better/same/worse", "wins", "points", "player-turn s")
    for side, row in table["sides"].items():
        grid.add_row(
            f"{side} ({row['level']})",
            f"{row['margin']:+.2f} +- {row['ci95']:.2f}",
            f"{row['better']}/{row['same']}/{row['worse']}",
            f"{row['wins']} (base {row['baseline_wins']})",
            f"{row['points']} (base {row['baseline_points']})",
            "-" if row["turn_seconds_median"] is None else f"{row['turn_seconds_median']:.2f}",
        )
    out.print(grid)


# ------------------------------------------------------------------ serve
@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8141, show_default=True, type=int)
@click.option(
    "--db",
    default=None,
    help="The database the games are kept in: an SQLite file (created if missing; one "
    "server a file) or a PostgreSQL URL, postgresql://user@host:port/database (several "
    "servers may share it; see docs/deployment.md). Default $OSTFRONT_DB, else "
    "$XDG_DATA_HOME/ostfront/games.sqlite, i.e. ~/.local/share/ostfront/games.sqlite.",
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    help="A host name the server answers to besides its addresses, localhost and this "
    "machine's name (others are refused: DNS rebinding). Repeatable.",
)
@click.option(
    "--smtp",
    default=None,
    metavar="HOST:PORT",
    help="An SMTP server to send players' turn notices through (a digest per turn "
    "change); without it no mail is sent.",
)
@click.option(
    "--mail-every",
    "mail_window",
    default=120.0,
    show_default=True,
    type=click.FloatRange(min=1.0),
    help="Seconds a player's notices are gathered over into one mail.",
)
@click.option(
    "--mail-from",
    default="Ostfront <ostfront@localhost>",
    show_default=True,
    help="The sender of the notice mails.",
)
@handled
def serve_cmd(
    host: str,
    port: int,
    db: str | None,
    allow_hosts: tuple[str, ...],
    smtp: str | None,
    mail_window: float,
    mail_from: str,
) -> None:
    """Start the local web app and print its address: new games, play against the computer
    or hotseat, undo, overlays, replay, export and import. Every game is kept in an SQLite or
    PostgreSQL database as its record (set-up and actions); stopping the server loses nothing.
    Each side has a secret seat (its invite link); a --host other than loopback is warned about."""
    serve(host, port, db, allow_hosts, smtp=smtp, mail_window=mail_window, mail_from=mail_from)


def main() -> None:
    cli(prog_name="ostfront")


if __name__ == "__main__":  # pragma: no cover
    main()
