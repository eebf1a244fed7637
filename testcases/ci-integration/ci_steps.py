#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Run the steps of integration/ci's GitHub workflow and GitLab job here,
as the CI services would, so that the test runs exactly what CI runs.

  ci_steps.py dump FILE
      the YAML as JSON
  ci_steps.py github FILE --job J --event E [--base-ref B] --workspace W
                     --runner-temp T --out DIR [--skip ID,...]
                     [--sha REV] [--matrix KEY=VALUE ...]
      run the job's run: steps (not the skipped ones, which need the
      network) in W, with the env: of the workflow, the job and the step,
      the ${{ }} expressions and the steps' if: evaluated; DIR/result.json
      says each step's status and log, and the uses: steps' with:; a job
      with a strategy: runs for the one matrix combination --matrix names
  ci_steps.py gitlab FILE --job J --workspace W --out DIR
                     [--var K=V ...] [--no-before-script]
      evaluate the job's rules: for the pipeline the --var predefined and
      CI/CD variables describe; when it runs, run its script: in W, one
      shell as GitLab's runner does; DIR/result.json says whether it ran,
      its exit status, its log and its artifacts: and cache: (variables
      expanded); a parallel: job wants CI_NODE_INDEX and CI_NODE_TOTAL

YAML is read by PyYAML (Debian's python3-yaml), every scalar as a string.
Anything the runner does not know (a shell, a context, a rule's syntax, a
duplicate key) is an error (exit 3), never a guess.
"""
import json
import os
import re
import subprocess
import sys

import yaml


class Unsupported(Exception):
    pass


# ---- YAML --------------------------------------------------------------------

class _Loader(yaml.SafeLoader):
    """PyYAML with every scalar a string, as the runner compares them (YAML
    1.1 would make the workflow's `on:` key True and `fetch-depth: 0` an
    int), and a duplicate key an error, as GitHub makes it."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in rs
            if tag in ("tag:yaml.org,2002:null", "tag:yaml.org,2002:merge")]
    for first, rs in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def _mapping(loader, node):
    loader.flatten_mapping(node)
    out = {}
    for k, v in node.value:
        key = loader.construct_object(k, deep=True)
        if key in out:
            raise Unsupported("duplicate key %s, line %d" % (key, k.start_mark.line + 1))
        out[key] = loader.construct_object(v, deep=True)
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def load(path):
    with open(path) as f:
        try:
            return yaml.load(f, Loader=_Loader)
        except yaml.YAMLError as e:
            raise Unsupported("%s: %s" % (path, e))


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
               "CHANGED_SINCE", "FAIL_ON", "ORDERCHECK_ARGS", "ORDERCHECK_SRC",
               "FACTS", "SHARD", "MERGE_FACTS")


def base_env():
    env = {k: v for k, v in os.environ.items()
           if k not in SCRIPT_VARS and not k.startswith(("GITHUB_", "RUNNER_", "CI_", "GITLAB_"))}
    env["CI"] = "true"
    return env


def gh_matrix(job, given):
    """The matrix context of the one combination --matrix K=V names: every
    key of strategy.matrix given, each value one the matrix lists."""
    strategy = job.get("strategy")
    vals = dict(v.split("=", 1) for v in given or [])
    if strategy is None:
        if vals:
            raise Unsupported("--matrix for a job without strategy:")
        return {}
    if set(strategy) - {"matrix", "fail-fast", "max-parallel"}:
        raise Unsupported("strategy keys %s" % sorted(strategy))
    matrix = strategy.get("matrix") or {}
    if set(matrix) & {"include", "exclude"}:
        raise Unsupported("matrix include:/exclude:")
    if set(vals) != set(matrix):
        raise Unsupported("--matrix must name %s" % sorted(matrix))
    for k, v in vals.items():
        if v not in matrix[k]:
            raise Unsupported("matrix %s has no value %s" % (k, v))
    return {"matrix." + k: v for k, v in vals.items()}


def run_github(a):
    wf = load(a.file)
    jobs = wf.get("jobs") or {}
    if a.job not in jobs:
        raise Unsupported("no job %s in %s" % (a.job, a.file))
    job = jobs[a.job]
    if "if" in job or "services" in job:
        raise Unsupported("job if:/services:")
    ctx = {"github.event_name": a.event, "github.base_ref": a.base_ref or "",
           "github.workspace": a.workspace, "runner.temp": a.runner_temp,
           "github.sha": a.sha or ""}
    ctx.update(gh_matrix(job, a.matrix))
    # env context: the workflow's and the job's env: (the steps' own are
    # not visible to ${{ env.X }} in their with:, as on GitHub)
    for scope in (wf.get("env") or {}, job.get("env") or {}):
        ctx.update({"env." + k: gh_subst(v, ctx) for k, v in scope.items()})
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


def gl_expand_all(x, env):
    """GitLab expands variables in artifacts: and cache: paths and keys."""
    if isinstance(x, str):
        return gl_expand(x, env)
    if isinstance(x, list):
        return [gl_expand_all(i, env) for i in x]
    if isinstance(x, dict):
        return {k: gl_expand_all(v, env) for k, v in x.items()}
    return x


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
    if set(job) - {"image", "variables", "rules", "before_script", "script",
                   "artifacts", "stage", "parallel", "needs", "cache"}:
        raise Unsupported("job keys %s" % sorted(job))
    env = base_env()
    env.update({"GITLAB_CI": "true", "CI_PROJECT_DIR": a.workspace})
    cicd = dict(v.split("=", 1) for v in a.var or [])
    predefined = {k: v for k, v in cicd.items() if k.startswith("CI_")}
    env.update(predefined)
    for scope in (doc.get("variables") or {}, job.get("variables") or {}):
        for k, v in scope.items():
            env[k] = gl_expand(v if isinstance(v, str) else v["value"], env)
    env.update(cicd)  # project CI/CD variables win over the YAML's
    if "parallel" in job:
        # the runner gives each of the N jobs its index: the test names it
        n = job["parallel"]
        if not n.isdigit() or env.get("CI_NODE_TOTAL") != n or \
                not 1 <= int(env.get("CI_NODE_INDEX") or 0) <= int(n):
            raise Unsupported("parallel: %s wants --var CI_NODE_INDEX=1..%s "
                              "CI_NODE_TOTAL=%s" % (n, n, n))
    result = {"ran": False, "artifacts": gl_expand_all(job.get("artifacts"), env),
              "cache": gl_expand_all(job.get("cache"), env),
              "needs": job.get("needs"), "stage": job.get("stage")}
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
    g.add_argument("--sha")
    g.add_argument("--matrix", action="append")
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
