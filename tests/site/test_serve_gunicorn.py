"""`kb serve` as a real process (gunicorn, loopback) on a copy of the seeds:
fast first answers, JSON for errors gunicorn answers itself (414), idle
connections closed, 503 once the data directory is deleted, Ctrl-C stops it."""
from __future__ import annotations

import http.client
import json
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse

import pytest

IDLE = 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(port: int, path: str, method: str = "GET") -> tuple[int, str, str, float]:
    """(status, content type, body, seconds) of one request."""
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path)
        resp = conn.getresponse()
        return resp.status, resp.getheader("Content-Type", ""), resp.read().decode(), time.perf_counter() - t0
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server(seed_kb, tmp_path_factory):
    data = tmp_path_factory.mktemp("served") / "kb"
    shutil.copytree(seed_kb, data, symlinks=True)
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "kb.cli", "serve", "--port", str(port), "--data-dir", str(data),
                             "--workers", "2", "--threads", "4", "--idle-timeout", str(IDLE)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            if get(port, "/")[0] == 200:    # the workers are up
                break
        except OSError:
            time.sleep(0.05)
    else:
        proc.kill()
        pytest.fail("kb serve did not start: " + proc.stdout.read().decode(errors="replace"))
    yield proc, port, data
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=10)


def test_first_requests_are_fast(server):
    _, port, _ = server
    for path in ("/", "/api/search?q=persistance", "/fr/faq/sombrelande",
                 "/api/check?claim=" + urllib.parse.quote("Implorer la reine est noire")):
        status, _, _, seconds = get(port, path)
        assert status == 200 and seconds <= 0.3, (path, seconds)


def test_errors_are_json_under_api(server):
    _, port, _ = server
    status, ctype, body, _ = get(port, "/api/search?q=" + "a" * 100_000)
    assert status == 414 and ctype.startswith("application/json") and json.loads(body)["error"]
    status, ctype, body, _ = get(port, "/api/search?q=x", method="POST")
    assert status == 405 and ctype.startswith("application/json") and json.loads(body)["error"]
    status, ctype, body, _ = get(port, "/api/nonexistent")
    assert status == 404 and ctype.startswith("application/json") and "Traceback" not in body
    status, ctype, _, _ = get(port, "/nonexistent")
    assert status == 404 and ctype.startswith("text/html")


def test_idle_connections_are_closed(server):
    _, port, _ = server
    with socket.create_connection(("127.0.0.1", port), timeout=IDLE + 5) as idle:
        t0 = time.perf_counter()
        assert idle.recv(1) == b""          # closed by the server, nothing sent
        assert time.perf_counter() - t0 < IDLE + 3
    status, _, _, _ = get(port, "/")
    assert status == 200


def test_deleted_data_dir_then_ctrl_c(server):
    proc, port, data = server
    shutil.rmtree(data)
    status, ctype, body, _ = get(port, "/api/search?q=persist")
    assert status == 503 and ctype.startswith("application/json") and "kb build" in json.loads(body)["error"]
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=15) == 0
    assert "Traceback" not in proc.stdout.read().decode(errors="replace")
