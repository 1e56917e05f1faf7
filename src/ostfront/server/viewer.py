"""A small read-only web viewer: each game's board as SVG, with pan, zoom and hex inspection.

Standard library only. It is what ``ostfront serve`` starts until the full web app (new
game, play, hotseat, against the computer) lands; it listens on 127.0.0.1 by default.

Routes::

    /                       the games, their scenarios and options
    /map/<game>             the board, click a hex to inspect it
    /svg/<game>.svg         the board as a standalone SVG
    /api/games              JSON: every game described
    /api/hex/<game>/<hex>   JSON: one hex (as ``ostfront hex --json``)
"""

from __future__ import annotations

import json
from functools import cache
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import unquote, urlsplit

from .. import __version__, games
from ..core.errors import OstfrontError
from ..core.hexgrid import HexIdError
from ..render.svg import render_map

STYLE = """
body{font-family:system-ui,sans-serif;margin:0;color:#222;background:#f4f1ea}
header{background:#3b3a36;color:#f4f1ea;padding:.5em 1em}
header a{color:#f4f1ea}
main{padding:1em}
.wrap{display:flex;height:calc(100vh - 3em)}
#board{flex:1;overflow:hidden;background:#dcd6c8;cursor:grab}
#board svg{width:100%;height:100%}
aside{width:22em;padding:1em;overflow:auto;background:#fff;border-left:1px solid #ccc}
pre{white-space:pre-wrap;font-size:.8em}
td,th{padding:.2em .6em;text-align:left;vertical-align:top}
"""

SCRIPT = """
const box=document.querySelector('#board'), svg=box.querySelector('svg');
let vb=svg.getAttribute('viewBox').split(/\\s+/).map(Number), drag=null;
function put(){svg.setAttribute('viewBox',vb.join(' '));}
box.addEventListener('wheel',e=>{e.preventDefault();const r=svg.getBoundingClientRect();
 const k=e.deltaY>0?1.15:1/1.15, px=(e.clientX-r.left)/r.width, py=(e.clientY-r.top)/r.height;
 const w=vb[2]*k,h=vb[3]*k; vb=[vb[0]+(vb[2]-w)*px, vb[1]+(vb[3]-h)*py, w, h]; put();});
box.addEventListener('mousedown',e=>{drag=[e.clientX,e.clientY,vb[0],vb[1]];});
window.addEventListener('mouseup',()=>{drag=null;});
window.addEventListener('mousemove',e=>{if(!drag)return;const r=svg.getBoundingClientRect();
 vb[0]=drag[2]-(e.clientX-drag[0])*vb[2]/r.width;
 vb[1]=drag[3]-(e.clientY-drag[1])*vb[3]/r.height; put();});
svg.addEventListener('click',e=>{const h=e.target.closest('[data-hex]'); if(!h)return;
 fetch('/api/hex/'+GAME+'/'+h.dataset.hex).then(r=>r.json()).then(d=>{
  document.querySelector('#info').textContent=JSON.stringify(d,null,1);});});
"""


@cache
def _board_svg(name: str) -> str:
    g = games.get(name)
    return render_map(g.board(), title=g.title)


def _page(title: str, body: str) -> str:
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{escape(title)}</title>"
        f"<style>{STYLE}</style></head><body><header><a href='/'>Ostfront</a> "
        f"{escape(__version__)} — {escape(title)}</header>{body}</body></html>"
    )


def index_page() -> str:
    rows = []
    for name in games.names():
        d = games.get(name).describe()
        status = "playable" if d["playable"] else "map and data only — rules engine to come"
        scen = "<br>".join(escape(f"{s['id']}: {s['title']}") for s in d["scenarios"])
        opts = "<br>".join(escape(f"{o['id']} ({o['rule']}): {o['summary']}") for o in d["options"])
        rows.append(
            f"<tr><td><a href='/map/{escape(name)}'>{escape(d['title'])}</a><br>"
            f"<small>{escape(status)}</small></td><td>{scen}</td><td>{opts}</td></tr>"
        )
    body = (
        "<main><p>The boards of both games, as reconstructed so far. Click a game to see its "
        "map; click a hex to inspect it. Playing in the browser comes with the web app.</p>"
        "<table><tr><th>Game</th><th>Scenarios</th><th>Options</th></tr>"
        + "".join(rows)
        + "</table></main>"
    )
    return _page("Games", body)


def map_page(name: str) -> str:
    g = games.get(name)
    body = (
        f"<div class='wrap'><div id='board'>{_board_svg(name)}</div>"
        "<aside><h3>Hex</h3><p>Click a hex. Scroll to zoom, drag to pan.</p>"
        "<pre id='info'></pre></aside></div>"
        f"<script>const GAME={json.dumps(name)};{SCRIPT}</script>"
    )
    return _page(g.title, body)


def route(path: str) -> tuple[int, str, str]:
    """(status, content type, body) for a request path. Never raises for bad input."""
    parts = [unquote(p) for p in urlsplit(path).path.split("/") if p]
    html, js, svg = "text/html; charset=utf-8", "application/json", "image/svg+xml"
    try:
        if not parts:
            return 200, html, index_page()
        if parts[0] == "map" and len(parts) == 2:
            return 200, html, map_page(parts[1])
        if parts[0] == "svg" and len(parts) == 2 and parts[1].endswith(".svg"):
            return 200, svg, _board_svg(parts[1][:-4])
        if parts[:2] == ["api", "games"] and len(parts) == 2:
            data: Any = [games.get(n).describe() for n in games.names()]
            return 200, js, json.dumps(data)
        if parts[:2] == ["api", "hex"] and len(parts) == 4:
            return 200, js, json.dumps(games.get(parts[2]).board().describe_hex(parts[3]))
    except (OstfrontError, HexIdError) as exc:
        return 404, js, json.dumps({"error": str(exc)})
    return 404, js, json.dumps({"error": f"no page {path!r}"})


class Handler(BaseHTTPRequestHandler):
    server_version = f"ostfront/{__version__}"

    def do_GET(self) -> None:
        status, ctype, body = route(self.path)
        data = body.encode("utf-8")
        self.send_response(HTTPStatus(status))
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def make_server(host: str = "127.0.0.1", port: int = 8141) -> ThreadingHTTPServer:
    return ThreadingHTTPServer((host, port), Handler)


def serve(host: str = "127.0.0.1", port: int = 8141) -> None:
    """Serve until interrupted, printing the URL."""
    try:
        server = make_server(host, port)
    except OSError as exc:
        raise OstfrontError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    url = f"http://{host}:{server.server_address[1]}/"
    print(f"Ostfront {__version__} viewer at {url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
