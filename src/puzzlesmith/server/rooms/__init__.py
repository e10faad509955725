"""Stream mode: rooms a streamer opens for a level, viewers' votes and hints, chat bridges.

- ``limits`` — the numbers that keep a room cheap and safe (caps, rate limits, expiry);
- ``commands`` — what a viewer can ask (vote, hint), parsed from chat text or the viewer page;
- ``room`` — one room's authoritative state: position, voting rounds, tallies, hints (no I/O);
- ``hub`` — every room of a server: WebSocket fan-out, round timers, expiry, bridges;
- ``twitch`` — the Twitch chat bridge (IRC over TLS).
"""
