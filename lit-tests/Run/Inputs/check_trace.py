"""Checks a --trace file against the Chrome trace event format: a JSON
object with a traceEvents array whose events carry the fields their phase
requires (name, ph, pid, tid; ts for every timed event; dur >= 0 for
complete events "X"; id for flow "s"/"f" and async "b"/"e" events; args.name
for the process_name and thread_name metadata "M"), flows and async events
paired by id, and every thread that has slices named. Prints a summary.

usage: check_trace.py TRACE.json
"""
import json
import sys

with open(sys.argv[1]) as file:
    trace = json.load(file)
errors = []
events = trace.get("traceEvents")
if not isinstance(events, list) or not events:
    sys.exit("error: no traceEvents array")
named_threads, used_threads = set(), set()
opened = {"s": {}, "b": {}}
closed = {"f": {}, "e": {}}
phases = {}
for index, event in enumerate(events):
    where = f"traceEvents[{index}]"
    for key in ("name", "ph", "pid", "tid"):
        if key not in event:
            errors.append(f"{where}: no '{key}'")
    ph = event.get("ph")
    phases[ph] = phases.get(ph, 0) + 1
    if ph == "M":
        if not isinstance(event.get("args", {}).get("name",
                          event.get("args", {}).get("sort_index")), (str, int)):
            errors.append(f"{where}: metadata without args")
        if event.get("name") == "thread_name":
            named_threads.add((event["pid"], event["tid"]))
        continue
    if not isinstance(event.get("ts"), (int, float)) or event["ts"] < -1:
        errors.append(f"{where}: bad ts")
    if ph == "X":
        if not isinstance(event.get("dur"), (int, float)) or event["dur"] < 0:
            errors.append(f"{where}: a complete event needs dur >= 0")
        used_threads.add((event.get("pid"), event.get("tid")))
    elif ph in ("s", "b"):
        opened[ph][event.get("id")] = event
    elif ph in ("f", "e"):
        closed[ph][event.get("id")] = event
    else:
        errors.append(f"{where}: unexpected phase {ph!r}")
    if ph in ("s", "f", "b", "e") and "id" not in event:
        errors.append(f"{where}: a flow or async event needs an id")
for start, end in (("s", "f"), ("b", "e")):
    if set(opened[start]) != set(closed[end]):
        errors.append(f"'{start}' and '{end}' events do not pair by id")
    for key, event in opened[start].items():
        other = closed[end].get(key)
        if other and other["ts"] < event["ts"]:
            errors.append(f"event id {key} ends before it starts")
for thread in sorted(used_threads - named_threads):
    errors.append(f"thread {thread} has slices but no thread_name")
for error in errors[:20]:
    print(f"{sys.argv[1]}: {error}")
if errors:
    sys.exit(1)
print(f"valid trace: {len(events)} events, "
      + ", ".join(f"{ph} {count}" for ph, count in sorted(phases.items())))
