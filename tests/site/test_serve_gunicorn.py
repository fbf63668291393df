"""`kb serve` as a real process (gunicorn, loopback) on a copy of the seeds:
fast first answers, JSON for errors gunicorn answers itself (414), idle
connections closed, heavy queries in a process of their own that ends with
its worker, 503 once the data directory is deleted, Ctrl-C stops it."""
from __future__ import annotations

import http.client
import json
import os
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
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
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


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and int(_stat(int(entry))[1]) == pid:
                found.append(int(entry))
        except (OSError, IndexError):
            continue
    return found


def _stat(pid: int) -> list[str]:
    """(state, parent pid, …) of process ``pid`` from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rpartition(")")[2].split()


def _cmdline(pid: int) -> str:
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        return f.read().replace(b"\0", b" ").decode(errors="replace")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads processes from /proc (Linux)")
def test_heavy_queries_run_in_a_lower_priority_process_that_ends_with_its_worker(server):
    proc, port, _ = server
    sentence = "persistance marqueur flétrissure créature bataille cimetière sacrifice piétinement contrôleur"
    status, _, body, _ = get(port, "/api/search?q=" + urllib.parse.quote(sentence))
    assert status == 200 and json.loads(body)["results"]
    lanes = {w: [c for c in _children(w) if "spawn_main" in _cmdline(c)] for w in _children(proc.pid)}
    worker, lane = next((w, found[0]) for w, found in lanes.items() if found)
    assert os.getpriority(os.PRIO_PROCESS, lane) >= min(19, os.getpriority(os.PRIO_PROCESS, worker) + 10)
    os.kill(worker, signal.SIGKILL)         # as gunicorn's master does to a worker that hangs
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            if _stat(lane)[0] in ("Z", "X"):
                break
        except OSError:
            break
        time.sleep(0.2)
    else:
        pytest.fail(f"the lane process {lane} outlived its worker {worker}")
    assert get(port, "/")[0] == 200          # a new worker answers


def test_deleted_data_dir_then_ctrl_c(server):
    proc, port, data = server
    sentence = "persistance marqueur flétrissure créature bataille cimetière sacrifice piétinement contrôleur"
    for _ in range(4):          # lanes running in the workers when Ctrl-C comes
        assert get(port, "/api/search?q=" + urllib.parse.quote(sentence))[0] == 200
    shutil.rmtree(data)
    status, ctype, body, _ = get(port, "/api/search?q=persist")
    assert status == 503 and ctype.startswith("application/json") and "kb build" in json.loads(body)["error"]
    os.killpg(proc.pid, signal.SIGINT)      # Ctrl-C in a terminal: every process of the server, lanes too
    assert proc.wait(timeout=15) == 0
    assert "Traceback" not in proc.stdout.read().decode(errors="replace")
