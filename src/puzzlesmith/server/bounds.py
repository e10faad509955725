"""The server's work and connection bounds (issue #30), in one place, importing nothing.

Constants rather than settings: each is a bound a test or benchmark measures; the
connection ones are ``puzzlesmith play`` options too (README "Deployment: connections").
"""

from __future__ import annotations

#: search nodes a level code's view, check or hint may spend: about twice the largest
#: shipped level's view (2,750 nodes; a 12×12 Cows code needs ~150); an open 37-hex
#: board spends it in ~0.7 s of CPU here (its grader runs ~8,600 nodes a second)
CODE_NODES = 6_000
#: level codes whose answer (view or refusal) is remembered, most recent first
CODE_VIEWS_KEPT = 512
#: bytes of encoded clips remembered by (level, log, format)
CLIP_CACHE_BYTES = 32 * 1024 * 1024
#: seconds a connection may take to send a request's headers (then it is closed)
HEADER_SECONDS = 10.0
#: seconds an idle keep-alive connection is kept open (uvicorn --timeout-keep-alive)
KEEP_ALIVE_SECONDS = 5
#: connections (and in-flight requests) one server process accepts at once; beyond it
#: new requests get 503 at once (uvicorn --limit-concurrency)
MAX_CONNECTIONS = 1000
#: the part of :data:`MAX_CONNECTIONS` one client address may hold at once (connguard):
#: two addresses take half at most, the rest answers everyone else
CONN_SHARE = 0.25
