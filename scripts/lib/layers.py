#!/usr/bin/python3
"""The layers of docs/ARCHITECTURE.md, checked on the package (scripts/check-layers runs it).

Four checks, each of which fails:
  1. every target of Package.swift has a row in LAYERS below, and each of its dependencies
     (`swift package dump-package`) is on a lower row: arrows point down;
  2. every `import` in a target's Swift sources names a module the target may see: one it
     depends on, directly or through those, or one outside the package (Glibc,
     FoundationEssentials, ...). SwiftPM builds every module into one folder, so an import of
     a module the target does not depend on can compile when the build happens to order it so:
     an upward arrow no dependency list shows;
  3. what must never be reached (GTK outside the app, the daemon or audio inside it);
  4. docs/ARCHITECTURE.md's picture is the one LAYERS and Package.swift make.

Usage: layers.py PACKAGE_JSON ROOT          (prints AlarmCore's closure for the object check)
       layers.py --picture PACKAGE_JSON ROOT  writes the picture into docs/ARCHITECTURE.md
       layers.py --self-test PACKAGE_JSON ROOT
           proves check 2 fails for every target: each target is given, in memory, an import of
           a package module above it, and the check must report exactly that.
"""
import json
import os
import re
import sys

# The layers, bottom to top: each target's row. Package.swift's dependency lists are the one
# record of what uses what; the rule here is that each of them points to a lower row.
# docs/ARCHITECTURE.md's picture is made from this map and Package.swift (--picture), and
# check-layers fails when it differs. A new target needs a row here.
LAYERS = [
    ("C shims", "the system's libraries, as Swift sees them",
     ["CALSA", "CSndFile", "CLibNotify", "CLinux", "CCurl", "CXML", "CGtk", "CSQLite"]),
    ("support", "gettext, AtomicFile, path text; libraries loaded on first use; the App Intents subset; the build tool",
     ["LinuxSupport", "OnDemandLibraries", "OpenAppIntents", "gresource-embed"]),
    ("model", "AlarmKit's values, the record, bounds", ["AlarmModel"]),
    ("core, wire", "fire times, lifecycle, time specs, AlarmDescription (pure); messages, one codec each",
     ["AlarmCore", "AlarmWire"]),
    ("services", "iCalendar, the store, sound, popups, the desktop session, where alarmd's files are, typed GTK",
     ["AlarmCalendar", "AlarmStore", "AlarmAudio", "AlarmNotify", "AlarmDesktop", "AlarmLocations", "GtkSupport"]),
    ("system, client", "zone, locale, config.toml, CalDAVURL; the connection to alarmd",
     ["AlarmSystem", "AlarmClient"]),
    ("sync, words", "CalDAV; what people read", ["AlarmSync", "AlarmWords"]),
    ("tops", "the daemon; the library; the window's models", ["AlarmDaemon", "OpenAlarmKit", "AlarmsAppModel"]),
    ("the window", "pages, dialogs, actions (a library the executable runs)", ["AlarmsApp"]),
    ("executables", "the programs, Apple's names for ported apps, test helpers, the example, the build plugin",
     ["alarmd", "alarmctl", "openalarmkit-alarms", "alarm-bench", "AlarmKit", "AppIntents", "alarms-ui-check",
      "gtk-support-check", "alarm-store-crashtest", "TestSupport", "CookingTimer", "GResourceCompiler",
      "openalarmkit-fuzz"]),
]
ROW = {target: row for row, (_, _, targets) in enumerate(LAYERS) for target in targets}

# Targets Package.swift declares only under an environment variable (the fuzzer's, with
# OPENALARMKIT_FUZZ=1: scripts/fuzz): checked when present, never missed when absent, and left
# out of the picture, which is the normal build's.
OPTIONAL = {"openalarmkit-fuzz"}

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

# What a target must not depend on directly, though it reaches it through another (the window
# uses GTK only through the typed layer).
NEVER_DIRECT = {"AlarmsApp": {"CGtk"}, "AlarmsAppModel": {"AlarmWire"}}

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
    """Each target has a row, and each of its dependencies is on a lower one."""
    problems = []
    for name, target in sorted(targets.items()):
        if target["type"] == "test":
            for dep in sorted(target["deps"]):
                if targets.get(dep, {}).get("type") == "test":
                    problems.append(f"{name} depends on the test target {dep}")
            continue
        if name not in ROW:
            problems.append(f"{name} has no row: put it in LAYERS (scripts/lib/layers.py)")
            continue
        for dep in sorted(target["deps"]):
            if dep.startswith("product:"):
                continue  # a package of others': below everything of ours
            if dep not in ROW:
                continue  # reported as that target's own problem
            if ROW[dep] >= ROW[name]:
                problems.append(f"{name} (row {ROW[name]}, {LAYERS[ROW[name]][0]}) depends on {dep} (row {ROW[dep]}, "
                                f"{LAYERS[ROW[dep]][0]}): a dependency must point to a lower row")
    for name in sorted(set(ROW) - set(targets) - OPTIONAL):
        problems.append(f"{name} has a row but is no target of Package.swift: remove it from LAYERS")
    return problems


def picture(targets):
    """docs/ARCHITECTURE.md's picture: the rows, top first, each target with what it uses
    (Package.swift's direct dependencies)."""
    lines = ["row  layer: what it holds", "     target -> what it uses (Package.swift)"]
    for row in range(len(LAYERS) - 1, -1, -1):
        title, holds, members = LAYERS[row]
        lines.append("")
        lines.append(f"{row:>2}   {title}: {holds}")
        members = [name for name in members if name not in OPTIONAL]
        alone = [name for name in members if not targets[name]["deps"]]
        for name in members:
            deps = sorted(dep[8:] if dep.startswith("product:") else dep for dep in targets[name]["deps"])
            if deps:
                lines.append(f"       {name} -> " + ", ".join(deps))
        if alone:
            lines.append("       " + ", ".join(alone) + " (nothing of ours)")
    return "\n".join(lines) + "\n"


PICTURE_START = "<!-- the layers: made by scripts/check-layers --picture from scripts/lib/layers.py and Package.swift -->"


def check_picture(targets, root):
    with open(os.path.join(root, "docs/ARCHITECTURE.md"), encoding="utf-8") as source:
        text = source.read()
    made = "```\n" + picture(targets) + "```\n"
    if PICTURE_START + "\n" + made not in text:
        return ["docs/ARCHITECTURE.md's picture is not the one the layers make: scripts/check-layers --picture"]
    return []


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
                problems.append(f"{file}:{number}: {name} imports {module}, which it does not depend on (its "
                                f"dependencies: {sorted(target['deps'])})")
                continue
            only = IMPORT_ONLY_IN.get((name, module))
            if only and os.path.basename(file) not in only:
                problems.append(f"{file}:{number}: {name} imports {module} outside {sorted(only)}")
    return problems


def check_never(targets):
    problems = []
    for name, never in sorted(NEVER_DIRECT.items()):
        direct = targets.get(name, {}).get("deps", set()) & never
        if direct:
            problems.append(f"{name} depends on {sorted(direct)} directly")
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
    drawing = argv[1:2] == ["--picture"]
    package_json, root = (argv[2], argv[3]) if testing or drawing else (argv[1], argv[2])
    with open(package_json) as source:
        targets = load(source.read())
    if drawing:
        path = os.path.join(root, "docs/ARCHITECTURE.md")
        with open(path, encoding="utf-8") as source:
            text = source.read()
        start = text.index(PICTURE_START) + len(PICTURE_START) + 1
        end = text.index("```\n", text.index("```\n", start) + 4) + 4
        with open(path, "w", encoding="utf-8") as out:
            out.write(text[:start] + "```\n" + picture(targets) + "```\n" + text[end:])
        print("check-layers: docs/ARCHITECTURE.md's picture made again", file=sys.stderr)
        return 0
    if testing:
        proven, failures = self_test(targets, root)
        for failure in failures:
            print(f"check-layers: self-test: {failure}", file=sys.stderr)
        print(f"check-layers: self-test: an upward import is reported in each of {proven} targets")
        return 1 if failures or proven < 40 else 0
    problems = check_rows(targets) + check_imports(targets, root) + check_never(targets) + check_picture(targets, root)
    for problem in problems:
        print(f"check-layers: {problem}", file=sys.stderr)
    core = closure(targets, "AlarmCore") | {"AlarmCore"}
    if core != {"AlarmCore", "AlarmModel", "OpenAppIntents"}:
        problems.append("closure")
        print(f"check-layers: AlarmCore closure is {sorted(core)}", file=sys.stderr)
    if not problems:
        rows = sum(1 for target in targets.values() if target["type"] != "test")
        print(f"check-layers: every dependency of {rows} targets points to a lower row of {len(LAYERS)}, every import of "
              f"{len(targets)} targets to a dependency, and docs/ARCHITECTURE.md's picture is the layers'; "
              f"AlarmCore's closure: " + " ".join(sorted(core)), file=sys.stderr)
    print(" ".join(sorted(core)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
