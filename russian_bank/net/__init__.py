"""The remote table (docs/network.md, docs/protocol.md).

The server (``net.server``) owns the engine, the shuffle, the match runner and the
clock of every room (``net.room``); a client (``net.client``) sends intents and
mirrors its seat's view; ``net.protocol`` reads and checks every message and
``net.wire`` carries observations and events; ``net.botseat`` seats a computer at
a remote table; ``net.discovery`` finds games on the local network (mDNS).
"""
