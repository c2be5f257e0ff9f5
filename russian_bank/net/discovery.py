"""Games on the local network: mDNS (DNS-SD) with python-zeroconf.

A host advertises its server as a ``_russianbank._tcp`` service (:class:`Advert`);
the Join screen lists what :func:`find_games` hears. The service's text record
carries only the protocol version and the table's name: a room code is never
advertised (it is given by the host to the one he invites). ``interfaces``
chooses where to speak (the tests use ``["127.0.0.1"]``).
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .protocol import VERSION

SERVICE = "_russianbank._tcp.local."


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    if interfaces is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


def _label(name: str) -> str:
    """A service instance name: printable, no dots, at most 40 characters."""
    clean = "".join(ch if ch.isprintable() and ch != "." else " " for ch in name).strip()
    return clean[:40] or "Russian Bank"


def local_address() -> str:
    """This machine's address on the local network, as others would reach it."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
        return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class Advert:
    """The server's advertisement, from :meth:`start` to :meth:`stop`."""

    def __init__(
        self, name: str, port: int, host: str = "", interfaces: list[str] | None = None
    ) -> None:
        self.name = _label(name)
        self.port = port
        self.address = host if host not in ("", "0.0.0.0", "::") else local_address()
        self.interfaces = interfaces
        self.zc: Zeroconf | None = None
        self.info: ServiceInfo | None = None

    def start(self) -> None:
        self.zc = _zeroconf(self.interfaces)
        self.info = ServiceInfo(
            SERVICE,
            f"{self.name}.{SERVICE}",
            addresses=[socket.inet_aton(self.address)],
            port=self.port,
            properties={"v": str(VERSION), "name": self.name},
            server=f"russian-bank-{self.port}.local.",
        )
        self.zc.register_service(self.info, allow_name_change=True)

    def stop(self) -> None:
        if self.zc is not None:
            if self.info is not None:
                self.zc.unregister_service(self.info)
            self.zc.close()
            self.zc = None


@dataclass(frozen=True)
class Found:
    """A game heard on the local network."""

    name: str
    address: str
    port: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def find_games(seconds: float = 2.0, interfaces: list[str] | None = None) -> list[Found]:
    """Listen for ``seconds``: the servers advertised with this protocol version."""
    zc = _zeroconf(interfaces)
    names: set[str] = set()

    def changed(zeroconf: Zeroconf, service_type: str, name: str, state_change: Any) -> None:
        if state_change in (ServiceStateChange.Added, ServiceStateChange.Updated):
            names.add(name)

    browser = ServiceBrowser(zc, SERVICE, handlers=[changed])
    found: dict[str, Found] = {}
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.1)
            for name in sorted(names - set(found)):
                info = zc.get_service_info(SERVICE, name, timeout=500)
                if info is None or info.port is None:
                    continue
                props = {k: v for k, v in info.properties.items() if v is not None}
                if props.get(b"v") != str(VERSION).encode():
                    continue
                addresses = info.parsed_addresses(IPVersion.V4Only)
                if addresses:
                    label = props.get(b"name", b"").decode("utf-8", "replace")[:40]
                    found[name] = Found(label or name.split(".")[0], addresses[0], info.port)
    finally:
        browser.cancel()
        zc.close()
    # one entry per server (a stale record of a server that went away may linger)
    unique = {(f.address, f.port): f for f in found.values()}
    return sorted(unique.values(), key=lambda f: f.name)


__all__ = ["Advert", "Found", "SERVICE", "find_games", "local_address"]
