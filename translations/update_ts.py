#!/usr/bin/env python3
"""Refresh translations/costlab_<lang>.ts from the sources, keeping existing translations.

Why not plain lupdate: registry labels are marked with a local TR(text) macro around
QT_TRANSLATE_NOOP("costlab::Param", text) (model/engine/registry.cpp must stay Qt-free), which
lupdate cannot expand, and units are plain string fields. So this script runs lupdate over
widgets/, app/gui/ and model/, runs it again over the registry with TR as an alias (then renames the
context to costlab::Param), extracts unit strings into the context costlab::Unit, and merges
the result with the existing .ts (translations kept; vanished strings dropped).

Usage: translations/update_ts.py [LUPDATE]   (default /usr/lib/qt6/bin/lupdate)
"""
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TS_DIR = os.path.join(ROOT, "translations")
LANGS = ["zh_CN"]
LUPDATE = sys.argv[1] if len(sys.argv) > 1 else "/usr/lib/qt6/bin/lupdate"


def run_lupdate(args, out):
    subprocess.run([LUPDATE, "-silent", "-no-obsolete", "-locations", "relative", *args,
                    "-ts", out], check=True, cwd=ROOT)


def read_ts(path):
    """{(context, source, comment): (translation, numerus forms or None, locations)}"""
    out = {}
    order = []
    if not os.path.exists(path):
        return out, order
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        return out, order
    for ctx in root.findall("context"):
        name = ctx.findtext("name")
        for msg in ctx.findall("message"):
            src = msg.findtext("source")
            comment = msg.findtext("comment") or ""
            tr = msg.find("translation")
            forms = [f.text or "" for f in tr.findall("numerusform")] if tr is not None else []
            key = (name, src, comment)
            locs = [(l.get("filename"), l.get("line")) for l in msg.findall("location")]
            out[key] = {
                "text": (tr.text or "") if tr is not None and not forms else "",
                "forms": forms,
                "numerus": msg.get("numerus") == "yes",
                "unfinished": tr is not None and tr.get("type") == "unfinished",
                "locs": locs,
            }
            order.append(key)
    return out, order


def units():
    text = open(os.path.join(ROOT, "model", "engine", "registry.cpp"), encoding="utf-8").read()
    found = []
    # Designated initialisers (.unit = "…", .display_unit = "…") and positional rows
    # ("id", "json/path", "unit", min, …) in braces or the A(…) macro.
    patterns = [r'\.(?:display_)?unit = "([^"]+)"',
                r'"[A-Za-z0-9_#.]+",\s*"[A-Za-z0-9_#/]+",\s*"([^"]+)",\s*[-0-9.]']
    for pattern in patterns:
        for m in re.finditer(pattern, text):
            if m.group(1) not in found:
                found.append(m.group(1))
    return found


def main():
    with tempfile.TemporaryDirectory(dir=TS_DIR) as tmp:
        ui_ts = os.path.join(tmp, "ui.ts")
        param_ts = os.path.join(tmp, "param.ts")
        # model/ marks table labels (categories, risks, compare rows) with QT_TRANSLATE_NOOP.
        run_lupdate(["widgets", "app/gui", "model"], ui_ts)
        run_lupdate(["-tr-function-alias", "QT_TR_NOOP+=TR", "model/engine/registry.cpp"], param_ts)
        fresh, order = read_ts(ui_ts)
        params, porder = read_ts(param_ts)
    for key in porder:
        _, src, comment = key
        nk = ("costlab::Param", src, comment)
        if nk not in fresh:
            fresh[nk] = params[key]
            order.append(nk)
    for u in units():
        nk = ("costlab::Unit", u, "")
        if nk not in fresh:
            fresh[nk] = {"text": "", "forms": [], "numerus": False, "unfinished": True, "locs": []}
            order.append(nk)

    for lang in LANGS:
        path = os.path.join(TS_DIR, f"costlab_{lang}.ts")
        old, _ = read_ts(path)
        root = ET.Element("TS", {"version": "2.1", "language": lang})
        contexts = {}
        missing = 0
        for key in order:
            ctx, src, comment = key
            c = contexts.get(ctx)
            if c is None:
                c = ET.SubElement(root, "context")
                ET.SubElement(c, "name").text = ctx
                contexts[ctx] = c
            info = fresh[key]
            prev = old.get(key)
            m = ET.SubElement(c, "message", {"numerus": "yes"} if info["numerus"] else {})
            for fn, line in info["locs"]:
                # lupdate wrote locations relative to the temp folder; make them relative
                # to translations/.
                attrs = {}
                if fn:
                    attrs["filename"] = os.path.relpath(os.path.join(TS_DIR, "x", fn), TS_DIR)
                if line:
                    attrs["line"] = line
                ET.SubElement(m, "location", attrs)
            ET.SubElement(m, "source").text = src
            if comment:
                ET.SubElement(m, "comment").text = comment
            t = ET.SubElement(m, "translation")
            done = prev and not prev["unfinished"] and (prev["text"] or any(prev["forms"]))
            if info["numerus"]:
                for f in (prev["forms"] if done else [""]):
                    ET.SubElement(t, "numerusform").text = f
            elif done:
                t.text = prev["text"]
            if not done:
                t.set("type", "unfinished")
                missing += 1
        ET.indent(root, "    ")
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
            f.write(ET.tostring(root, encoding="unicode"))
            f.write("\n")
        os.replace(path + ".tmp", path)
        print(f"{path}: {len(order)} messages, {missing} unfinished")


if __name__ == "__main__":
    main()
