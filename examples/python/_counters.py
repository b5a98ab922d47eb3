"""The counters each example prints: how long compiling, running (the
emulator) and checking its kernel took on this host."""

import contextlib
import time


class Counters:
    def __init__(self):
        self.seconds = {}

    @contextlib.contextmanager
    def time(self, label):
        start = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[label] = self.seconds.get(label, 0.0) + \
                time.perf_counter() - start

    def report(self):
        parts = ", ".join(f"{label} {seconds:.2f} s" for label, seconds in self.seconds.items())
        print(f"counters (host time): {parts}")
