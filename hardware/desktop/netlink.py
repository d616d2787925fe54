"""Two simulator windows on one PC duel over a local TCP socket (desktop only).

``LocalLinker`` is a duel linker (see seabattle/duel/adapter.py): ``host()`` listens on a port on
127.0.0.1 and drops a lobby file in the temp folder; ``scan()`` lists the lobby files of
listeners still alive; ``connect(name)`` connects. The link is non-blocking and byte-oriented
like the BLE UART, so the duel protocol runs over it unchanged (it has no reconnection: a
closed window ends the duel as "opponent gone").
"""

import os
import socket
import tempfile

PORT = 47100
LOBBIES = os.path.join(tempfile.gettempdir(), "seabattle-lobbies")


class SocketLink:
    reconnects = False  # a closed socket is a closed window, which never comes back: no reconnect window

    def __init__(self, sock):
        sock.setblocking(False)
        self.sock = sock
        self.up = True

    @property
    def connected(self):
        return self.up

    def write(self, data):
        if not self.up:
            return
        try:
            self.sock.sendall(bytes(data))
        except OSError:
            self.up = False

    def read(self):
        if not self.up:
            return b""
        try:
            data = self.sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return b""
        except OSError:
            self.up = False
            return b""
        if not data:
            self.up = False
        return data

    def close(self):
        self.up = False
        self.sock.close()


class LocalLinker:
    def __init__(self, port=PORT, lobbies=LOBBIES):
        self.port = port
        self.lobbies = lobbies
        self.server = None
        self._link = None
        self._file = None

    @property
    def link(self):
        if self._link is None and self.server is not None:
            try:
                conn, _addr = self.server.accept()
            except (BlockingIOError, InterruptedError):
                return None
            self._link = SocketLink(conn)
        return self._link

    def host(self):
        self.cancel()
        srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(("127.0.0.1", self.port))  # port 0: any free port (tests)
        srv.listen(1)
        srv.setblocking(False)
        self.server = srv
        self.port = srv.getsockname()[1]
        name = "PC-%d" % self.port
        os.makedirs(self.lobbies, exist_ok=True)
        self._file = os.path.join(self.lobbies, name)
        with open(self._file, "w") as f:
            f.write(str(os.getpid()))
        return name

    def scan(self):
        try:
            names = sorted(os.listdir(self.lobbies))
        except OSError:
            return []
        alive = []
        for name in names:
            try:
                with open(os.path.join(self.lobbies, name)) as f:
                    pid = int(f.read().strip() or 0)
                if pid != os.getpid() or self._file is None:
                    os.kill(pid, 0)  # raises if that window is gone
                    alive.append(name)
            except (OSError, ValueError):
                continue
        return alive

    def connect(self, name):
        port = int(name.rsplit("-", 1)[1])
        sock = socket.create_connection(("127.0.0.1", port), timeout=2)
        self._link = SocketLink(sock)

    def cancel(self):
        if self._link is not None:
            self._link.close()
            self._link = None
        if self.server is not None:
            self.server.close()
            self.server = None
        if self._file is not None:
            try:
                os.remove(self._file)
            except OSError:
                pass
            self._file = None
