#!/usr/bin/python3
"""The layers of docs/ARCHITECTURE.md, checked on the package (scripts/check-layers runs it).

Three checks, each of which fails:
  1. every target of Package.swift has a row below, and depends only on what its row allows
     (`swift package dump-package`): arrows point down;
  2. every `import` in a target's Swift sources names a module the target may see: one it
     depends on, directly or through those, or one outside the package (Glibc,
     FoundationEssentials, ...). SwiftPM builds every module into one folder, so an import of
     a module the target does not depend on can compile when the build happens to order it so:
     an upward arrow no dependency list shows;
  3. what must never be reached (GTK outside the app, the daemon or audio inside it).

Usage: layers.py PACKAGE_JSON ROOT          (prints AlarmCore's closure for the object check)
       layers.py --self-test PACKAGE_JSON ROOT
           proves check 2 fails for every target: each target is given, in memory, an import of
           a package module above it, and the check must report exactly that.
"""
import json
import os
import re
import sys

# What each target may use: its row in docs/ARCHITECTURE.md. A new target needs a row here.
ROWS = {
    # C shims: system libraries, nothing of ours.
    "CALSA": set(), "CSndFile": set(), "CLibNotify": set(), "CLinux": set(), "CCurl": set(), "CXML": set(),
    "CGtk": set(), "CSQLite": set(),
    # Below everything: the App Intents subset, what Foundation gave beyond FoundationEssentials,
    # the C libraries loaded on first use.
    "OpenAppIntents": set(),
    "LinuxSupport": {"CLinux"},
    "OnDemandLibraries": {"CLibNotify", "CSQLite", "CSndFile", "CCurl", "CXML"},
    # The model, the core on it alone, the wire on the model.
    "AlarmModel": {"OpenAppIntents"},
    "AlarmCore": {"AlarmModel"},
    "AlarmWire": {"AlarmModel"},
    "AlarmCalendar": {"AlarmModel", "AlarmCore"},
    # Where alarmd's socket and files are: below both the client and the daemon.
    "AlarmLocations": {"LinuxSupport"},
    # The client on the wire; the library on the client; Apple's names on the library.
    "AlarmClient": {"AlarmWire", "AlarmLocations", "LinuxSupport"},
    "OpenAlarmKit": {"AlarmModel", "AlarmClient", "LinuxSupport"},
    "AlarmKit": {"OpenAlarmKit"},
    "AppIntents": {"OpenAppIntents"},
    # The system services, each over its own C library; the daemon uses them.
    "AlarmStore": {"AlarmCore", "AlarmWire", "CSQLite", "OnDemandLibraries"},
    "AlarmAudio": {"CALSA", "CSndFile", "OnDemandLibraries", "LinuxSupport", "product:Logging"},
    "AlarmNotify": {"CLibNotify", "OnDemandLibraries", "LinuxSupport", "product:Logging"},
    "AlarmDesktop": {"CLibNotify", "OnDemandLibraries", "product:Logging"},
    # AlarmCalendar for the zones the codec gets from this system and the words of its refusals.
    "AlarmSystem": {"AlarmCore", "AlarmCalendar", "CLinux", "LinuxSupport", "product:TOMLKit"},
    # CalDAV over AlarmSystem's settings (the calendar's CalDAVURL).
    "AlarmSync": {"AlarmModel", "AlarmSystem", "CCurl", "CXML", "OnDemandLibraries", "LinuxSupport"},
    # The words of the clients (alarmctl, the window): never the daemon's.
    "AlarmWords": {"AlarmWire", "AlarmCore", "AlarmSystem", "LinuxSupport"},
    # The daemon over the services: never the client.
    "AlarmDaemon": {
        "AlarmWire", "AlarmLocations", "AlarmCore", "AlarmStore", "AlarmAudio", "AlarmNotify", "AlarmSystem", "AlarmDesktop",
        "AlarmSync", "AlarmCalendar", "CLinux", "LinuxSupport", "product:Logging",
    },
    "alarmd": {"AlarmDaemon", "LinuxSupport"},
    # alarmctl is a client; AlarmDaemon only for the multi-call entry (IMPORT_ONLY_IN below).
    "alarmctl": {
        "AlarmClient", "AlarmCore", "AlarmAudio", "AlarmNotify", "AlarmSystem", "AlarmCalendar", "AlarmWords", "LinuxSupport",
        "AlarmDaemon", "product:ArgumentParser",
    },
    "alarm-bench": {"OpenAlarmKit", "AlarmClient", "AlarmCore", "AlarmAudio", "AlarmStore", "AlarmSystem", "product:ArgumentParser"},
    # The "Alarms" app: the binding over GTK alone, the view models over the client (no GTK, no
    # daemon, no audio), the window over both (GTK only through the typed layer, never CGtk
    # itself), a library that the one-line executable runs and alarms-ui-check binds.
    "GtkSupport": {"CGtk"},
    "AlarmsAppModel": {"AlarmClient", "AlarmCore", "AlarmSystem", "AlarmWords", "LinuxSupport"},
    "AlarmsApp": {"AlarmsAppModel", "GtkSupport", "AlarmClient", "AlarmSystem", "LinuxSupport"},
    "openalarmkit-alarms": {"AlarmsApp"},
    "gresource-embed": set(),
    "GResourceCompiler": {"gresource-embed"},
    "gtk-support-check": {"GtkSupport", "CGtk", "LinuxSupport"},
    # Test helper of GtkSupportTests: binds every builder file of the app against its bundle.
    "alarms-ui-check": {"AlarmsApp", "GtkSupport", "CGtk", "LinuxSupport"},
    # Test helpers and the example.
    "alarm-store-crashtest": {"AlarmStore"},
    "CookingTimer": {"OpenAlarmKit"},
    "TestSupport": {"CLinux"},
}
# Test targets have no row: they may use any target but another test target.

# Modules a target may import in the named files only.
IMPORT_ONLY_IN = {("alarmctl", "AlarmDaemon"): {"AlarmCtlEntry.swift"}}

# What must never be reached, through any path.
NEVER = {
    "alarmd": {"CGtk", "GtkSupport", "AlarmsAppModel", "AlarmClient"},
    "AlarmDaemon": {"AlarmClient", "AlarmWords"},
    "alarmctl": {"CGtk", "GtkSupport", "AlarmsAppModel"},
    "AlarmsAppModel": {"CGtk", "GtkSupport", "AlarmDaemon", "AlarmStore", "AlarmAudio"},
    "AlarmsApp": {"AlarmDaemon", "AlarmStore", "AlarmAudio"},
    "openalarmkit-alarms": {"AlarmDaemon", "AlarmStore", "AlarmAudio"},
    "AlarmSystem": {"AlarmSync"},
}

# The modules each product we depend on brings.
PRODUCT_MODULES = {"Logging": {"Logging"}, "TOMLKit": {"TOMLKit"}, "ArgumentParser": {"ArgumentParser"}}

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def load(package_json):
    package = json.loads(package_json)
    targets = {}
    for target in package["targets"]:
        deps = set()
        for dep in target["dependencies"]:
            kind, value = next(iter(dep.items()))
            deps.add("product:" + value[0] if kind == "product" else value[0])
        default = {"test": "Tests", "plugin": "Plugins"}.get(target["type"], "Sources")
        targets[target["name"]] = {
            "type": target["type"], "deps": deps, "path": target.get("path") or f"{default}/{target['name']}",
        }
    return targets


def closure(targets, name):
    seen = set()
    stack = [name]
    while stack:
        for dep in targets.get(stack.pop(), {}).get("deps", ()):
            if dep not in seen:
                seen.add(dep)
                stack.append(dep)
    return seen


def module_name(target):
    return target.replace("-", "_")


def visible_modules(targets, name):
    """What `name`'s sources may import of the package: its closure's modules and products."""
    modules = set()
    for dep in closure(targets, name):
        if dep.startswith("product:"):
            modules |= PRODUCT_MODULES.get(dep[8:], {dep[8:]})
        else:
            modules.add(module_name(dep))
    return modules


def package_modules(targets):
    modules = {module_name(name) for name in targets}
    for extra in PRODUCT_MODULES.values():
        modules |= extra
    return modules


def imports(root, target):
    """(file, line number, module) of every import in the target's Swift sources."""
    found = []
    folder = os.path.join(root, target["path"])
    for directory, _, files in os.walk(folder):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(directory, file)
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    match = IMPORT.match(line)
                    if match:
                        found.append((os.path.relpath(path, root), number, match.group(1)))
    return found


def check_rows(targets):
    problems = []
    for name, target in sorted(targets.items()):
        if target["type"] == "test":
            for dep in sorted(target["deps"]):
                if targets.get(dep, {}).get("type") == "test":
                    problems.append(f"{name} depends on the test target {dep}")
            continue
        if name not in ROWS:
            problems.append(f"{name} has no row: say in scripts/lib/layers.py (and docs/ARCHITECTURE.md) what it may use")
            continue
        extra = target["deps"] - ROWS[name]
        if extra:
            problems.append(f"{name} depends on {sorted(extra)}, which its layer may not use")
    for name in sorted(set(ROWS) - set(targets)):
        problems.append(f"{name} has a row but is no target of Package.swift: remove the row")
    return problems


def check_imports(targets, root, injected=None):
    """Imports of package modules outside what each target depends on. `injected` adds
    (target -> [(file, line, module)]) to what the sources say (the self-test)."""
    problems = []
    ours = package_modules(targets)
    for name, target in sorted(targets.items()):
        visible = visible_modules(targets, name) | {module_name(name)}
        found = imports(root, target) + (injected or {}).get(name, [])
        for file, number, module in found:
            if module not in ours:
                continue  # the toolchain's or the system's: Glibc, FoundationEssentials, Testing
            if module not in visible:
                problems.append(f"{file}:{number}: {name} imports {module}, which it does not depend on (its row: "
                                f"{sorted(ROWS.get(name, target['deps']))})")
                continue
            only = IMPORT_ONLY_IN.get((name, module))
            if only and os.path.basename(file) not in only:
                problems.append(f"{file}:{number}: {name} imports {module} outside {sorted(only)}")
    return problems


def check_never(targets):
    problems = []
    for name, never in sorted(NEVER.items()):
        if name not in targets:
            problems.append(f"{name}: no such target")
            continue
        reached = closure(targets, name) & never
        if reached:
            problems.append(f"{name} reaches {sorted(reached)}")
    return problems


def upward_module(targets, name):
    """A package module above `name`: one it cannot see, preferring the top (the daemon, the
    app's models), so the self-test's import is an upward one."""
    visible = visible_modules(targets, name) | {module_name(name)}
    for candidate in ("AlarmDaemon", "AlarmsAppModel", "AlarmWords", "AlarmClient", "AlarmStore", "AlarmCore", "AlarmModel"):
        if candidate not in visible and candidate in targets and name not in closure(targets, candidate) | {candidate}:
            return candidate
    return None


def self_test(targets, root):
    failures, proven = [], 0
    for name, target in sorted(targets.items()):
        if not os.path.isdir(os.path.join(root, target["path"])):
            continue
        module = upward_module(targets, name)
        if module is None:
            continue  # the top of the graph: nothing is above it
        file = os.path.join(target["path"], "Injected.swift")
        problems = check_imports(targets, root, {name: [(file, 1, module)]})
        if not any(p.startswith(f"{file}:1: {name} imports {module},") for p in problems):
            failures.append(f"{name}: an import of {module} was not reported")
        else:
            proven += 1
    return proven, failures


def main(argv):
    testing = argv[1:2] == ["--self-test"]
    package_json, root = (argv[2], argv[3]) if testing else (argv[1], argv[2])
    with open(package_json) as source:
        targets = load(source.read())
    if testing:
        proven, failures = self_test(targets, root)
        for failure in failures:
            print(f"check-layers: self-test: {failure}", file=sys.stderr)
        print(f"check-layers: self-test: an upward import is reported in each of {proven} targets")
        return 1 if failures or proven < 40 else 0
    problems = check_rows(targets) + check_imports(targets, root) + check_never(targets)
    for problem in problems:
        print(f"check-layers: {problem}", file=sys.stderr)
    core = closure(targets, "AlarmCore") | {"AlarmCore"}
    if core != {"AlarmCore", "AlarmModel", "OpenAppIntents"}:
        problems.append("closure")
        print(f"check-layers: AlarmCore closure is {sorted(core)}", file=sys.stderr)
    if not problems:
        rows = sum(1 for target in targets.values() if target["type"] != "test")
        print(f"check-layers: {rows} targets keep their rows and every import of {len(targets)} targets points down; "
              f"AlarmCore's closure: " + " ".join(sorted(core)), file=sys.stderr)
    print(" ".join(sorted(core)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
