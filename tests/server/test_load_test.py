"""The load test (``benchmarks/load_test.py``, issue 36) runs and reports each of its figures:
a smoke test of ``--quick``, not a timing (the figures are not compared with targets here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import PG_URL

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "load_test.py"


def pg_answers() -> bool:
    try:
        import psycopg

        psycopg.connect(PG_URL, connect_timeout=3).close()
    except Exception:
        return False
    return True


def test_quick_load_test_reports_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    pg = pg_answers()
    # --probe serves through probed_serve.py: the same server, with figures from inside it
    # for the live games (each post's time in the server, the collector's pauses, the
    # engine lock's waits); one run checks both, as each run starts its servers anew
    cmd = [sys.executable, str(SCRIPT), "--quick", "--probe", "--json", str(out)]
    run = subprocess.run(
        cmd if pg else [*cmd, "--skip-pg"], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr[-3000:]
    text = run.stdout
    for line in ("1. dr: server CPU per action", "1. sno: server CPU per action"):
        assert line in text, text
    assert "3. 16 live games, 8 clients" in text and "p99" in text, text
    assert "4. memory:" in text and "MB a live game" in text, text
    figures = json.loads(out.read_text())
    assert figures["cpu_dr_ms"]["posts"] == 30 and figures["cpu_sno_ms"]["posts"] == 30
    assert figures["cpu_dr_ms"]["cpu_ms"] > 0 and figures["cpu_sno_ms"]["cpu_ms"] > 0
    live = figures["live"]
    assert live["games"] == 16 and live["posts"] > 0 and not live["errors"], live
    assert live["rss_after_mb"] > 0
    if pg:
        assert "2. two processes / one:" in text, text
        for name in ("one", "two"):
            assert figures["scale"][name]["posts"] > 0, figures["scale"]
            assert not figures["scale"][name]["errors"], figures["scale"]
    assert "probe, collector: gen 0" in text and "probe, engine lock" in text, text
    probe = live["probe"]
    posts = probe["requests"]["POST /api/games/{id}/actions"]
    assert posts["n"] == live["posts"] > 0  # every post of the live games, and no other
    assert set(probe["gc"]) == {"0", "1", "2"} and probe["gc"]["0"]["n"] > 0
    assert probe["lock_wait"]["n"] >= live["posts"] and probe["lock_held"]["n"] >= live["posts"]
    assert live["setups"] == 16
