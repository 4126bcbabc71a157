#!/usr/bin/env python3
"""kiln report's page in a real headless Chromium: it loads without console errors, its tables
hold the fixture's figures (read from the DOM), a source opens on click, a heading sorts its
table, and a screenshot is saved.

Usage: report_browser_test.py KILN SOURCE_DIR OUT_DIR

Chromium is driven through the DevTools protocol over a pipe (--remote-debugging-pipe: no
port, no network). It is found as $KILN_CHROMIUM, else chromium, chromium-browser,
google-chrome on PATH. Without it the test fails (scripts/install_deps.sh installs Debian's
chromium), unless KILN_SKIP_BROWSER_TESTS=1: then it prints why and exits 77 (ctest: skipped).
"""
import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT_S = 30

# The fixture's figures (tests/report/results; tests/report/README.md): GPU, kernel, dtype ->
# the cells the leaderboard must show.
EXPECTED = {
    ("NVIDIA H100 80GB HBM3", "gemm", "bf16"):
        {"shape": "4096x4096x4096", "time": "0.2000", "roof": "91.6%", "vs vendor": "0.95×"},
    ("NVIDIA H100 80GB HBM3", "softmax", "bf16"):
        {"time": "0.0240", "roof": "93.2%", "vs vendor": "1.67×",
         "from": "kiln tune round 1 (search)"},
    ("NVIDIA H100 80GB HBM3", "softmax", "f32"):
        {"time": "0.0040", "roof": "68.3%", "vs vendor": "1.25×"},
    ("NVIDIA H100 80GB HBM3", "gemv_t", "bf16"):
        {"time": "0.0625", "roof": "71.6%", "vs cublas": "1.44×"},
    ("NVIDIA H100 80GB HBM3", "exp", "f32"): {"time": "0.0050", "roof": "55.9%"},
    ("NVIDIA H200", "gemv_t", "bf16"): {"time": "0.0700", "roof": "-", "vs cublas": "1.29×"},
}

# Every leaderboard row as {gpu, kernel, dtype, shape, time, roof, "vs NAME", from}.
READ_ROWS = r"""
JSON.stringify(Array.from(document.querySelectorAll('section.gpu')).flatMap((s) => {
  const gpu = s.querySelector('h2').firstChild.textContent.trim();
  const table = s.querySelector('table.leaderboard');
  if (!table) return [];
  const heads = Array.from(table.tHead.rows[0].cells).map((c) => c.textContent.trim());
  return Array.from(table.tBodies[0].rows).map((r) => {
    const row = {gpu};
    Array.from(r.cells).forEach((c, i) => {
      row[c.className === 'speedup' ? heads[i] : c.className] = c.textContent.trim();
    });
    return row;
  });
}))
"""


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def find_chromium():
    for name in [os.environ.get("KILN_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class Browser:
    """One headless Chromium, one page, spoken to over the DevTools pipe."""

    def __init__(self, chromium, profile_dir):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        args = [chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--remote-debugging-pipe", f"--user-data-dir={profile_dir}",
                "--no-first-run", "--disable-extensions", "--hide-scrollbars"]
        # Chromium reads commands on fd 3 and writes replies on fd 4.
        self.proc = subprocess.Popen(
            ["sh", "-c", f'exec "$@" 3<&{to_chrome_r} 4>&{from_chrome_w}', "sh", *args],
            pass_fds=(to_chrome_r, from_chrome_w), stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.read()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    fail(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def read(self):
        deadline = time.time() + TIMEOUT_S
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.from_chrome], [], [], deadline - time.time())
            if not ready:
                fail("chromium did not answer in time")
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                fail("chromium closed its DevTools pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open_page(self):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        attached = self.send("Target.attachToTarget",
                             {"targetId": target["targetId"], "flatten": True}, session=False)
        self.session = attached["sessionId"]
        for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
            self.send(domain)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})

    def load(self, url):
        """Navigates and waits for the load event; returns the console errors seen."""
        self.events.clear()
        self.send("Page.navigate", {"url": url})
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            self.events.append(self.read())
        self.evaluate("0")  # a round trip, so that messages logged during load have arrived
        return self.console_errors()

    def console_errors(self):
        errors = []
        for e in self.events:
            p = e.get("params", {})
            if e.get("method") == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                errors.append(" ".join(str(a.get("value", a.get("description"))) for a in p["args"]))
            elif e.get("method") == "Runtime.exceptionThrown":
                errors.append(p["exceptionDetails"].get("exception", {}).get("description", "exception"))
            elif e.get("method") == "Log.entryAdded" and p["entry"]["level"] == "error":
                errors.append(p["entry"]["text"])
        return errors

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            fail(f"evaluating {expression!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path):
        shot = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except SystemExit:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def check_page(browser, page):
    errors = browser.load("file://" + page)
    if errors:
        fail(f"console errors on the page: {errors}")
    rows = json.loads(browser.evaluate(READ_ROWS))
    found = {(r["gpu"], r["kernel"], r["dtype"]): r for r in rows}
    if len(rows) != len(EXPECTED):
        fail(f"{len(rows)} leaderboard rows, expected {len(EXPECTED)}: {rows}")
    for key, cells in EXPECTED.items():
        row = found.get(key)
        if row is None:
            fail(f"no row for {key}; rows: {rows}")
        for name, value in cells.items():
            if row.get(name) != value:
                fail(f"{key} {name}: {row.get(name)!r}, expected {value!r}")
    # The winning source opens on click, escaped text intact.
    source = browser.evaluate(r"""(() => {
      const cell = Array.from(document.querySelectorAll('tr'))
          .find((r) => r.textContent.includes('agent.py')).querySelector('details');
      cell.querySelector('summary').click();
      const pre = cell.querySelector('pre');
      return cell.open && pre.offsetHeight > 0 ? pre.textContent : null;
    })()""")
    if source is None or "// <b>bold?</b>" not in source:
        fail(f"the gemv_t source did not open on click as text: {source!r}")
    # The time heading sorts its table.
    times = browser.evaluate(r"""(() => {
      const table = document.querySelector('table.leaderboard');
      Array.from(table.tHead.rows[0].cells).find((c) => c.textContent === 'time (ms)').click();
      return Array.from(table.tBodies[0].rows).map((r) => r.querySelector('.time').textContent);
    })()""")
    if times != sorted(times, key=float):
        fail(f"sorting by time gave {times}")
    charts = browser.evaluate("document.querySelectorAll('svg circle').length")
    if not charts:
        fail("no chart points drawn")
    if browser.console_errors():
        fail(f"console errors after clicking: {browser.console_errors()}")


def main():
    if len(sys.argv) != 4:
        fail("usage: report_browser_test.py KILN SOURCE_DIR OUT_DIR")
    kiln, src, out = sys.argv[1:]
    chromium = find_chromium()
    if chromium is None:
        if os.environ.get("KILN_SKIP_BROWSER_TESTS") == "1":
            print("SKIP: no chromium on PATH (KILN_SKIP_BROWSER_TESTS=1); "
                  "scripts/install_deps.sh installs it")
            sys.exit(77)
        fail("no chromium on PATH: run scripts/install_deps.sh (Debian's chromium), or set "
             "KILN_SKIP_BROWSER_TESTS=1 on a development machine to skip this test")
    os.makedirs(out, exist_ok=True)
    page = os.path.abspath(os.path.join(out, "report.html"))
    made = subprocess.run([kiln, "report", "--results", os.path.join(src, "tests/report/results"),
                           "-o", page], capture_output=True, text=True)
    if made.returncode != 0:
        fail(f"kiln report exited {made.returncode}: {made.stderr}")
    with tempfile.TemporaryDirectory(prefix="kiln_report_chromium_") as profile:
        browser = Browser(chromium, profile)
        try:
            browser.open_page()
            # The console capture itself works: a page that logs an error is caught.
            canary = browser.load("data:text/html,<script>console.error('kiln-canary')</script>")
            if not any("kiln-canary" in e for e in canary):
                fail(f"a console error was not caught (saw {canary}): the check cannot fail")
            check_page(browser, page)
            shot = os.path.join(out, "report.png")
            browser.screenshot(shot)
        finally:
            browser.close()
    with open(shot, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            fail(f"{shot} is not a PNG")
    print(f"PASS: {page} in {chromium}: {len(EXPECTED)} rows as expected, no console errors; "
          f"screenshot {shot}")


if __name__ == "__main__":
    main()
