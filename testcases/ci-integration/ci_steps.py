#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run the steps of integration/ci's GitHub workflow and GitLab job here,
as the CI services would, so that the test runs exactly what CI runs.

  ci_steps.py dump FILE
      the YAML as JSON
  ci_steps.py github FILE --job J --event E [--base-ref B] --workspace W
                     --runner-temp T --out DIR [--skip ID,...]
      run the job's run: steps (not the skipped ones, which need the
      network) in W, with the env: of the workflow, the job and the step,
      the ${{ }} expressions and the steps' if: evaluated; DIR/result.json
      says each step's status and log, and the uses: steps' with:
  ci_steps.py gitlab FILE --job J --workspace W --out DIR
                     [--var K=V ...] [--no-before-script]
      evaluate the job's rules: for the pipeline the --var predefined and
      CI/CD variables describe; when it runs, run its script: in W, one
      shell as GitLab's runner does; DIR/result.json says whether it ran,
      its exit status, its log and its artifacts:

YAML is read by a small reader of the subset these files use (block
mappings and sequences, | scalars, quoted and plain scalars, [a, b],
comments); when PyYAML is installed the two must agree, so a file that
leaves the subset fails the test instead of being misread. Anything the
runner does not know (a shell, a context, a rule's syntax) is an error
(exit 3), never a guess.
"""
import json
import os
import re
import subprocess
import sys


class Unsupported(Exception):
    pass


# ---- a YAML subset -------------------------------------------------------

def _strip_comment(v):
    # plain scalar: ' #' starts a comment
    m = re.search(r"(^|\s)#", v)
    return (v[: m.start()] if m else v).rstrip()


def _quoted(v):
    q = v[0]
    i = 1
    out = []
    while i < len(v):
        c = v[i]
        if q == "'" and c == "'":
            if v[i + 1: i + 2] == "'":
                out.append("'")
                i += 2
                continue
            break
        if q == '"' and c == "\\":
            e = v[i + 1: i + 2]
            esc = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "/": "/"}
            if e not in esc:
                raise Unsupported("escape \\%s" % e)
            out.append(esc[e])
            i += 2
            continue
        if q == '"' and c == '"':
            break
        out.append(c)
        i += 1
    else:
        raise Unsupported("unterminated quoted scalar: " + v)
    rest = v[i + 1:].strip()
    if rest and not rest.startswith("#"):
        raise Unsupported("text after a quoted scalar: " + v)
    return "".join(out)


def _scalar(v):
    v = v.strip()
    if v == "" or v.startswith("#"):
        return None
    if v[0] in "'\"":
        return _quoted(v)
    if v[0] == "[":
        v = _strip_comment(v)
        if not v.endswith("]"):
            raise Unsupported("flow sequence: " + v)
        inner = v[1:-1].strip()
        return [_scalar(x) for x in inner.split(",")] if inner else []
    if v[0] in "{&*!%@`|>" or v.startswith("- "):
        raise Unsupported("scalar: " + v)
    return _strip_comment(v)


def _split_key(t):
    """KEY, VALUE-TEXT of a mapping line, or None."""
    if t[0] in "'\"":
        q = t[0]
        end = t.find(q, 1)
        if end < 0 or t[end + 1: end + 2] != ":":
            return None
        key, rest = t[1:end], t[end + 2:]
    else:
        m = re.search(r":(\s|$)", t)
        if not m or t.startswith("#"):
            return None
        key, rest = t[: m.start()], t[m.end():]
    return key, rest.strip()


class _Reader:
    def __init__(self, text):
        self.raw = text.split("\n")
        self.i = 0

    def peek(self):
        while self.i < len(self.raw):
            line = self.raw[self.i]
            if "\t" in line[: len(line) - len(line.lstrip())]:
                raise Unsupported("tab indentation, line %d" % (self.i + 1))
            t = line.strip()
            if t and not t.startswith("#"):
                return len(line) - len(line.lstrip(" ")), t
            self.i += 1
        return None

    def node(self, ind):
        p = self.peek()
        if p is None or p[0] < ind:
            return None
        if p[1] == "-" or p[1].startswith("- "):
            return self.seq(p[0])
        return self.map(p[0])

    def block(self, parent, indicator):
        if indicator not in ("|", "|-"):
            raise Unsupported("block scalar " + indicator)
        lines = []
        n = None
        while self.i < len(self.raw):
            line = self.raw[self.i]
            if line.strip() == "":
                lines.append("")
                self.i += 1
                continue
            ind = len(line) - len(line.lstrip(" "))
            if n is None:
                if ind <= parent:
                    break
                n = ind
            if ind < n:
                break
            lines.append(line[n:])
            self.i += 1
        while lines and lines[-1] == "":
            lines.pop()  # clip: trailing blank lines are not part of it
        text = "\n".join(lines)
        return text + "\n" if indicator == "|" and text else text

    def value(self, ind, v):
        """The value of a key at IND (or of an item at IND) whose text
        after ':' (or '- ') is V."""
        if v in ("|", "|-", "|+", ">", ">-"):
            self.i += 1
            return self.block(ind, v)
        self.i += 1
        if v == "" or v.startswith("#"):
            p = self.peek()
            if p and (p[0] > ind or (p[0] == ind and p[1].startswith("-"))):
                return self.node(p[0])
            return None
        s = _scalar(v)
        p = self.peek()
        if p and p[0] > ind:
            raise Unsupported("multi-line plain scalar, line %d" % (self.i + 1))
        return s

    def map(self, ind):
        out = {}
        while True:
            p = self.peek()
            if p is None or p[0] < ind:
                return out
            if p[0] > ind:
                raise Unsupported("indentation, line %d" % (self.i + 1))
            if p[1].startswith("- ") or p[1] == "-":
                return out
            kv = _split_key(p[1])
            if kv is None:
                raise Unsupported("not a mapping line, line %d: %s" % (self.i + 1, p[1]))
            k, v = kv
            if k in out:
                raise Unsupported("duplicate key " + k)
            out[k] = self.value(ind, v)

    def seq(self, ind):
        out = []
        while True:
            p = self.peek()
            if p is None or p[0] < ind:
                return out
            if p[0] > ind:
                raise Unsupported("indentation, line %d" % (self.i + 1))
            if not (p[1] == "-" or p[1].startswith("- ")):
                return out
            line = self.raw[self.i]
            rest = line[ind + 1:]
            content = rest.lstrip(" ")
            col = ind + 1 + len(rest) - len(content)
            if content == "" or content.startswith("#"):
                self.i += 1
                out.append(self.node(ind + 1))
                continue
            kv = _split_key(content) if content[0] not in "[|>" else None
            if kv is not None:
                # "- key: v": a mapping whose keys are at the item's column
                self.raw[self.i] = " " * col + content
                out.append(self.map(col))
            else:
                out.append(self.value(ind, content))


def _normalize(x, key=False):
    """PyYAML's YAML 1.1 types as the subset reader's strings."""
    if isinstance(x, dict):
        return {_normalize(k, True): _normalize(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_normalize(v) for v in x]
    if x is True:
        return "on" if key else "true"
    if x is False:
        return "off" if key else "false"
    if isinstance(x, (int, float)):
        return str(x)
    return x


def load(path):
    text = open(path).read()
    r = _Reader(text)
    doc = r.node(0)
    if r.peek() is not None:
        raise Unsupported("%s: line %d not read" % (path, r.i + 1))
    try:
        import yaml
    except ImportError:
        return doc
    ref = _normalize(yaml.safe_load(text))
    if ref != doc:
        raise Unsupported("%s: the subset reader and PyYAML disagree:\n%s\n%s"
                          % (path, json.dumps(doc, indent=1), json.dumps(ref, indent=1)))
    return doc


# ---- GitHub Actions --------------------------------------------------------

_GH_TOKEN = re.compile(r"\s*(?:('(?:[^']|'')*')|(==|!=|&&|\|\||!|\(|\))"
                       r"|([A-Za-z_][\w-]*)\(\)|([A-Za-z_][\w.-]*))")


def gh_eval(expr, ctx, funcs):
    expr = expr.strip()
    if expr.startswith("${{") and expr.endswith("}}"):
        expr = expr[3:-2].strip()
    out = []
    pos = 0
    while pos < len(expr):
        m = _GH_TOKEN.match(expr, pos)
        if not m or m.end() == pos:
            raise Unsupported("expression: " + expr)
        pos = m.end()
        lit, op, fn, ident = m.groups()
        if lit is not None:
            out.append(repr(lit[1:-1].replace("''", "'")))
        elif op is not None:
            out.append({"&&": " and ", "||": " or ", "!": " not "}.get(op, op))
        elif fn is not None:
            if fn not in funcs:
                raise Unsupported("function %s()" % fn)
            out.append(repr(funcs[fn]))
        else:
            if ident not in ctx:
                raise Unsupported("context %s (in %s)" % (ident, expr))
            out.append(repr(ctx[ident]))
    return eval("".join(out), {"__builtins__": {}})


def gh_subst(text, ctx):
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: str(gh_eval(m.group(1), ctx, {})), text)


SCRIPT_VARS = ("ORDERCHECK", "BUILD_DIR", "FORMAT", "OUTPUT", "BASELINE",
               "CHANGED_SINCE", "FAIL_ON", "ORDERCHECK_ARGS", "ORDERCHECK_SRC")


def base_env():
    env = {k: v for k, v in os.environ.items()
           if k not in SCRIPT_VARS and not k.startswith(("GITHUB_", "RUNNER_", "CI_", "GITLAB_"))}
    env["CI"] = "true"
    return env


def run_github(a):
    wf = load(a.file)
    jobs = wf.get("jobs") or {}
    if a.job not in jobs:
        raise Unsupported("no job %s in %s" % (a.job, a.file))
    job = jobs[a.job]
    if "if" in job or "strategy" in job or "services" in job:
        raise Unsupported("job if:/strategy:/services:")
    ctx = {"github.event_name": a.event, "github.base_ref": a.base_ref or "",
           "github.workspace": a.workspace, "runner.temp": a.runner_temp}
    shell = (((job.get("defaults") or {}).get("run") or {}).get("shell")
             or ((wf.get("defaults") or {}).get("run") or {}).get("shell"))
    shells = {None: ["bash", "-e"], "bash": ["bash", "--noprofile", "--norc", "-eo", "pipefail"],
              "sh": ["sh", "-e"]}
    skip = set(filter(None, (a.skip or "").split(",")))
    ids = {s.get("id") for s in job["steps"]}
    if skip - ids:
        raise Unsupported("no step with id %s" % ", ".join(sorted(skip - ids)))
    env0 = base_env()
    env0.update({"GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": a.workspace,
                 "RUNNER_TEMP": a.runner_temp, "GITHUB_EVENT_NAME": a.event,
                 "GITHUB_BASE_REF": a.base_ref or ""})
    for scope in (wf.get("env") or {}, job.get("env") or {}):
        env0.update({k: gh_subst(v, ctx) for k, v in scope.items()})
    failed = False
    result = {"steps": []}
    for n, step in enumerate(job["steps"]):
        cond = step.get("if", "success()")
        funcs = {"success": not failed, "failure": failed, "always": True, "cancelled": False}
        record = {"id": step.get("id"), "name": step.get("name"), "uses": step.get("uses")}
        if "with" in step:
            record["with"] = {k: gh_subst(v, ctx) if isinstance(v, str) else v
                              for k, v in step["with"].items()}
        result["steps"].append(record)
        if not gh_eval(cond, ctx, funcs):
            record["status"] = "skipped"
            continue
        if "run" not in step:
            record["status"] = "not run here"
            continue
        if not step.get("id"):
            raise Unsupported("a run: step without an id: %s" % step.get("name"))
        if step["id"] in skip:
            record["status"] = "not run here"
            continue
        if set(step) - {"id", "name", "if", "run", "env", "shell", "working-directory"}:
            raise Unsupported("step keys %s" % sorted(step))
        sh = step.get("shell", shell)
        if sh not in shells:
            raise Unsupported("shell " + str(sh))
        env = dict(env0)
        env.update({k: gh_subst(v, ctx) for k, v in (step.get("env") or {}).items()})
        script = os.path.join(a.out, "step-%02d-%s.sh" % (n, step["id"]))
        with open(script, "w") as f:
            f.write(gh_subst(step["run"], ctx))
        log = os.path.join(a.out, "step-%02d-%s.log" % (n, step["id"]))
        cwd = os.path.join(a.workspace, step.get("working-directory", "."))
        with open(log, "w") as f:
            status = subprocess.call(shells[sh] + [script], cwd=cwd, env=env,
                                     stdout=f, stderr=subprocess.STDOUT)
        record.update(status=status, log=log)
        failed = failed or status != 0
    result["status"] = "failure" if failed else "success"
    return result


# ---- GitLab CI -------------------------------------------------------------

_GL_TOKEN = re.compile(r"\s*(?:\"([^\"]*)\"|'([^']*)'|(==|!=|&&|\|\||\(|\))|\$(\w+)|(null))")


def gl_rule(expr, env):
    out = []
    pos = 0
    while pos < len(expr):
        m = _GL_TOKEN.match(expr, pos)
        if not m or m.end() == pos:
            raise Unsupported("rules expression: " + expr)
        pos = m.end()
        dq, sq, op, var, null = m.groups()
        if dq is not None or sq is not None:
            out.append(repr(dq if dq is not None else sq))
        elif op is not None:
            out.append({"&&": " and ", "||": " or "}.get(op, op))
        elif var is not None:
            out.append(repr(env.get(var) or None))
        else:
            out.append("None")
    return bool(eval("".join(out), {"__builtins__": {}}))


def gl_expand(v, env):
    return re.sub(r"\$(?:\{(\w+)\}|(\w+))",
                  lambda m: env.get(m.group(1) or m.group(2), ""), v)


def flatten(x):
    for i in x or []:
        if isinstance(i, list):
            yield from flatten(i)
        else:
            yield i


def run_gitlab(a):
    doc = load(a.file)
    if a.job not in doc:
        raise Unsupported("no job %s in %s" % (a.job, a.file))
    job = doc[a.job]
    if "extends" in job or "include" in doc:
        raise Unsupported("extends:/include:")
    env = base_env()
    env.update({"GITLAB_CI": "true", "CI_PROJECT_DIR": a.workspace})
    cicd = dict(v.split("=", 1) for v in a.var or [])
    predefined = {k: v for k, v in cicd.items() if k.startswith("CI_")}
    env.update(predefined)
    for scope in (doc.get("variables") or {}, job.get("variables") or {}):
        for k, v in scope.items():
            env[k] = gl_expand(v if isinstance(v, str) else v["value"], env)
    env.update(cicd)  # project CI/CD variables win over the YAML's
    result = {"ran": False, "artifacts": job.get("artifacts")}
    for rule in job.get("rules") or [{}]:
        if set(rule) - {"if", "when"}:
            raise Unsupported("rule keys %s" % sorted(rule))
        if "if" not in rule or gl_rule(rule["if"], env):
            result["ran"] = rule.get("when", "on_success") != "never"
            break
    if not result["ran"]:
        return result
    lines = [] if a.no_before_script else list(flatten(job.get("before_script")))
    lines += list(flatten(job.get("script")))
    script = os.path.join(a.out, "job.sh")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    log = os.path.join(a.out, "job.log")
    with open(log, "w") as f:
        status = subprocess.call(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                                 cwd=a.workspace, env=env, stdout=f, stderr=subprocess.STDOUT)
    result.update(status=status, log=log)
    return result


def main():
    import argparse
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("file")
    g = sub.add_parser("github")
    g.add_argument("file")
    for o in ("--job", "--event", "--workspace", "--runner-temp", "--out"):
        g.add_argument(o, required=True)
    g.add_argument("--base-ref")
    g.add_argument("--skip")
    lab = sub.add_parser("gitlab")
    lab.add_argument("file")
    for o in ("--job", "--workspace", "--out"):
        lab.add_argument(o, required=True)
    lab.add_argument("--var", action="append")
    lab.add_argument("--no-before-script", action="store_true")
    a = p.parse_args()
    try:
        if a.cmd == "dump":
            json.dump(load(a.file), sys.stdout, indent=1)
            print()
            return 0
        os.makedirs(a.out, exist_ok=True)
        result = run_github(a) if a.cmd == "github" else run_gitlab(a)
    except Unsupported as e:
        print("ci_steps: %s" % e, file=sys.stderr)
        return 3
    with open(os.path.join(a.out, "result.json"), "w") as f:
        json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
