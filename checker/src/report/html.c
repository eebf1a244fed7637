// SPDX-License-Identifier: GPL-2.0
/*
 * The html sink: --format=html, one self-contained page (inline CSS, a
 * small inline script that only adds filters) that reads with scripts off.
 */
#include <stdlib.h>
#include <string.h>

#include "../rules/registry.h"
#include "../rules/rule.h"
#include "../util.h"
#include "html.h"
#include "report.h"

/*
 * A directory's label left of its bar holds this many characters of
 * 12 px monospace (7.3 px each) in its 270 px: 38 ran past the left edge.
 */
enum { DIR_CHARS = 36 };

/* A summary from the catalogue: `code` spans become <code>. */
static void esc_md(FILE *out, const char *s)
{
	char *copy = xstrdup(s), *p = copy, *q;
	bool code = false;

	while ((q = strchr(p, '`'))) {
		*q = '\0';
		html_esc(out, p);
		fputs(code ? "</code>" : "<code>", out);
		code = !code;
		p = q + 1;
	}
	html_esc(out, p);
	if (code)
		fputs("</code>", out);
	free(copy);
}

static void rule_href(struct page *pg, const char *rule)
{
	const char *b = pg->info->rule_docs;

	if (!b)
		b = "testcases/";
	html_esc(pg->out, b);
	if (*b && b[strlen(b) - 1] != '/')
		fputc('/', pg->out);
	html_esc(pg->out, rule);
	fputs("/README.md", pg->out);
}

/* The path a "litmus test: PATH" or "... of the fix: PATH" note names. */
static const char *litmus_path(const char *m)
{
	if (!strncmp(m, "litmus test: ", 13))
		return m + 13;
	if (!strncmp(m, "litmus test of the fix: ", 24))
		return m + 24;
	return NULL;
}

/* The litmus tests the notes name, folded. */
static void litmus_fold(struct page *pg, const struct oc_diag *d)
{
	unsigned j;

	for (j = 0; j < d->nnotes; j++) {
		const char *m = d->notes[j].message;
		struct src *s;
		unsigned i;

		const char *path = litmus_path(m);
		bool is_fix = !strncmp(m, "litmus test of the fix: ", 24);

		if (!path)
			continue;
		s = html_source(pg, d->notes[j].file);
		fputs(is_fix ?
			      "<details class=\"litmus\"><summary>litmus "
			      "test of the fix " :
			      "<details class=\"litmus\"><summary>litmus test ",
		      pg->out);
		html_esc(pg->out, path);
		/* herd7's one note speaks of the test and its fix */
		for (i = 0; i < d->nnotes && !is_fix; i++)
			if (!strncmp(d->notes[i].message, "herd7 ", 6)) {
				fputs(" &mdash; <b>", pg->out);
				html_esc(pg->out, d->notes[i].message);
				fputs("</b>", pg->out);
			}
		fputs("</summary><pre>", pg->out);
		for (i = 1; s->text && i <= s->nlines; i++) {
			html_esc(pg->out, s->line[i]);
			fputc('\n', pg->out);
		}
		fputs("</pre></details>\n", pg->out);
	}
}

/* ---- the page ---- */

static const char css[] =
	"body{font:14px/1.4 system-ui,sans-serif;margin:0 2em 3em;color:#222}"
	"h1{font-size:1.5em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}"
	"table{border-collapse:collapse}td,th{border:1px solid #ccc;"
	"padding:2px 8px;text-align:left}td.n{text-align:right}"
	".finding{border:1px solid #bbb;border-left:6px solid #888;"
	"border-radius:4px;margin:1em 0;padding:.3em 1em}"
	".sev-warning{border-left-color:#d80}.sev-error{border-left-color:#c00}"
	".sev-remark{border-left-color:#48c}"
	".finding h3{font-size:1.05em;margin:.4em 0}"
	".sev{font-weight:bold;text-transform:uppercase;font-size:.8em}"
	".why{color:#555;font-style:italic;margin:.2em 0}"
	".msg{font-weight:500}"
	".where{font-family:monospace;margin-top:.5em}.what{color:#444}"
	/* a path has no blank to break at: it breaks where it must */
	".finding h3,.where,#run-messages li,p.checked{overflow-wrap:anywhere}"
	"figure svg{max-width:100%;height:auto}"
	"pre{background:#f7f7f7;padding:4px 8px;overflow-x:auto;tab-size:8;"
	"margin:.2em 0}"
	"pre.src .ln{display:block}pre.src .hl{background:#ffe58a}"
	"pre.src .no{color:#777;user-select:none}"
	"pre.diff del{color:#a00;text-decoration:none;display:block}"
	"pre.diff ins{color:#070;text-decoration:none;display:block}"
	"pre.diff .dc{display:block;color:#555}"
	".dh{color:#555}"
	"svg text{font:12px monospace;text-anchor:middle}"
	"svg .th{font-weight:bold;font-size:13px}"
	"svg rect{fill:#eef3fb;stroke:#5577aa}"
	"svg .op-W rect,svg .op-RMW rect{fill:#fbefe6;stroke:#aa7744}"
	"svg .ln{fill:#777;font-size:10px}"
	"svg .ordl{text-anchor:start;font-size:11px}"
	"svg .edge{fill:none;stroke-width:2}"
	"svg .po.ord-yes{stroke:#393}svg .ord-yes text{fill:#262}"
	"svg .po.ord-none,svg .po.ord-wrong{stroke:#c00;stroke-dasharray:5 4}"
	"svg .ord-none text,svg .ord-wrong text{fill:#c00}"
	"svg .po.ord-unknown{stroke:#999;stroke-dasharray:2 3}"
	"svg .rf{stroke:#06c}svg .fr{stroke:#a0a}svg .co{stroke:#a60}"
	"svg rect.elb{fill:#fff;stroke:none}"
	"svg .outcome{fill:#a00}svg .mo{font-size:10px;fill:#335}"
	"svg .el-rf{fill:#06c}svg .el-fr{fill:#a0a}svg .el-co{fill:#a60}"
	".k-rf{color:#06c}.k-fr{color:#a0a}.k-co{color:#a60}"
	"figure{margin:.5em 0}figcaption{font-size:.85em;color:#555}"
	"#filters{background:#f0f0f0;padding:.5em;position:sticky;top:0}"
	".bar{fill:#5b8bd0}.bl{font:12px monospace}"
	"#run-messages{border:1px solid #c00;border-left:6px solid #c00;"
	"border-radius:4px;background:#fff5f5;padding:0 1em;margin:1em 0}"
	"#run-messages h2{border:0;margin-top:.5em;font-size:1.2em}"
	"@media print{#filters{display:none}}";

/* Filters only: the page is whole without it. */
/*
 * Filters only: the page is whole without it. A hash such as
 * #rule=pair-missing-acquire&sev=warning&file=mm/ presets them
 * (&summary=0 hides the summary: for screenshots of findings).
 */
static const char script[] =
	"(function(){var f=document.getElementById('filters');f.hidden=false;"
	"var r=document.getElementById('f-rule'),s=document.getElementById('f-sev'),"
	"p=document.getElementById('f-file'),c=document.getElementById('f-count');"
	"location.hash.slice(1).split('&').forEach(function(kv){"
	"var i=kv.indexOf('=');if(i<0)return;var k=kv.slice(0,i),"
	"v=decodeURIComponent(kv.slice(i+1));if(k=='rule')r.value=v;"
	"if(k=='sev')s.value=v;if(k=='file')p.value=v;if(k=='summary'&&v=='0')"
	"document.getElementById('summary').hidden=true;});"
	"function u(){var n=0,a=document.querySelectorAll('article.finding');"
	"for(var i=0;i<a.length;i++){var e=a[i],d=e.dataset,"
	"ok=(!r.value||d.rule==r.value)&&(!s.value||d.sev==s.value)"
	"&&(!p.value||d.file.indexOf(p.value)>=0);"
	"e.hidden=!ok;n+=ok;}c.textContent=n+' shown';}"
	"r.onchange=s.onchange=u;p.oninput=u;u();})();";

struct count {
	const char *key;
	unsigned n[3];
};

static struct count *bump(struct count **v, unsigned *n, const char *key,
			  unsigned sev)
{
	unsigned i;

	for (i = 0; i < *n; i++)
		if (!strcmp((*v)[i].key, key))
			break;
	if (i == *n) {
		*v = xrealloc(*v, (*n + 1) * sizeof(**v));
		memset(&(*v)[i], 0, sizeof(**v));
		(*v)[i].key = key;
		++*n;
	}
	(*v)[i].n[sev < 3 ? sev : 2]++;
	return &(*v)[i];
}

static unsigned total(const struct count *c)
{
	return c->n[0] + c->n[1] + c->n[2];
}

static int by_count(const void *a, const void *b)
{
	unsigned x = total(a), y = total(b);

	if (x != y)
		return x > y ? -1 : 1;
	return strcmp(((const struct count *)a)->key,
		      ((const struct count *)b)->key);
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct count *)a)->key,
		      ((const struct count *)b)->key);
}

/* A finding's directory (interned in @dirs): "mm/kasan" of "mm/kasan/x.c". */
static const char *dir_of(struct strset *dirs, const char *file)
{
	const char *slash = strrchr(file, '/');

	return slash ? strset_intern(dirs, file, (size_t)(slash - file)) : ".";
}

static void summary(struct page *pg, const struct diag_list *l)
{
	FILE *out = pg->out;
	struct count *rules = NULL, *dirs = NULL;
	unsigned nrules = 0, ndirs = 0, i, max = 1, shown, nf = 0, ne = 0;
	struct strset *dset = strset_new();
	size_t len;

	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		if (!d->rule) {
			ne++;
			continue;
		}
		nf++;
		bump(&rules, &nrules, d->rule, d->sev);
		bump(&dirs, &ndirs, dir_of(dset, d->file), d->sev);
	}
	fputs("<section id=\"summary\"><h2>Summary</h2>\n<p class=\"checked\">",
	      out);
	fprintf(out,
		"<span id=\"n-findings\">%u</span> findings in "
		"<span id=\"n-files\">%u</span> files checked",
		nf, pg->info->files_checked);
	if (pg->info->seconds >= 0)
		fprintf(out, " in <span id=\"seconds\">%.1f</span> s",
			pg->info->seconds);
	if (ne)
		fprintf(out,
			"; <a href=\"#run-messages\">%u message%s about the run "
			"itself</a> (above)",
			ne, ne == 1 ? "" : "s");
	if (pg->info->baseline) {
		fputs("; new against the baseline <code>", out);
		html_esc(out, pg->info->baseline);
		fprintf(out,
			"</code>, whose <span id=\"n-known\">%d</span> known "
			"findings are not shown",
			pg->info->baseline_known);
	}
	if (pg->info->command) {
		fputs("; command: <code>", out);
		html_esc(out, pg->info->command);
		fputs("</code>", out);
	}
	if (pg->info->generated) {
		fputs("; generated ", out);
		html_esc(out, pg->info->generated);
	}
	fputs(".</p>\n", out);
	qsort(rules, nrules, sizeof(*rules), by_key);
	fputs("<table id=\"by-rule\"><tr><th>rule</th><th>why</th>"
	      "<th>remark</th><th>warning</th><th>error</th><th>all</th></tr>\n",
	      out);
	for (i = 0; i < nrules; i++) {
		const struct rule *r = registry_find(rules[i].key);

		fputs("<tr><td><a class=\"rule\" href=\"", out);
		rule_href(pg, rules[i].key);
		fputs("\">", out);
		html_esc(out, rules[i].key);
		fputs("</a></td><td>", out);
		if (r && r->summary)
			esc_md(out, r->summary);
		fprintf(out,
			"</td><td class=\"n\">%u</td><td class=\"n\">%u</td>"
			"<td class=\"n\">%u</td><td class=\"n\">%u</td></tr>\n",
			rules[i].n[0], rules[i].n[1], rules[i].n[2],
			total(&rules[i]));
	}
	fputs("</table>\n", out);
	/* the directories, as bars: the largest twenty */
	qsort(dirs, ndirs, sizeof(*dirs), by_count);
	shown = ndirs < 20 ? ndirs : 20;
	for (i = 0; i < shown; i++)
		if (total(&dirs[i]) > max)
			max = total(&dirs[i]);
	fprintf(out,
		"<h3>Findings per directory</h3>\n"
		"<svg id=\"by-dir\" xmlns=\"http://www.w3.org/2000/svg\" "
		"width=\"720\" height=\"%u\" role=\"img\">"
		"<title>findings per directory</title>\n",
		shown * 20 + 10);
	for (i = 0; i < shown; i++) {
		unsigned w = 1 + total(&dirs[i]) * 380 / max;

		/* the whole directory on hover; its end beside the bar */
		fputs("<g class=\"dirbar\"><title>", out);
		html_esc(out, dirs[i].key);
		fprintf(out,
			"</title><text class=\"bl\" x=\"270\" y=\"%u\" "
			"style=\"text-anchor:end\">",
			i * 20 + 16);
		len = strlen(dirs[i].key);
		if (len > DIR_CHARS)
			fputs("\xe2\x80\xa6", out);
		html_esc(out,
			 dirs[i].key +
				 (len > DIR_CHARS ? len - DIR_CHARS + 1 : 0));
		fprintf(out,
			"</text><rect class=\"bar\" x=\"280\" y=\"%u\" "
			"width=\"%u\" height=\"14\"/><text class=\"bl\" "
			"x=\"%u\" y=\"%u\" style=\"text-anchor:start\">%u"
			"</text></g>\n",
			i * 20 + 5, w, 285 + w, i * 20 + 16, total(&dirs[i]));
	}
	fputs("</svg>\n", out);
	if (ndirs > shown)
		fprintf(out, "<p>and %u more directories.</p>\n",
			ndirs - shown);
	fputs("</section>\n", out);
	/* the filter bar: hidden until the script shows it */
	fputs("<form id=\"filters\" hidden>rule <select id=\"f-rule\">"
	      "<option value=\"\">all</option>",
	      out);
	for (i = 0; i < nrules; i++) {
		fputs("<option>", out);
		html_esc(out, rules[i].key);
		fputs("</option>", out);
	}
	fputs("</select> severity <select id=\"f-sev\"><option value=\"\">all"
	      "</option><option>remark</option><option>warning</option>"
	      "<option>error</option></select> file <input id=\"f-file\" "
	      "placeholder=\"path contains\"> <span id=\"f-count\"></span>"
	      "</form>\n",
	      out);
	free(rules);
	free(dirs);
	strset_free(dset);
}

struct place {
	const char *file;
	unsigned line, col;
	struct strbuf what;
};

static void place_add(struct place *v, unsigned *n, const char *file,
		      unsigned line, unsigned col, const char *what)
{
	unsigned i;

	for (i = 0; i < *n; i++)
		if (v[i].line == line && !strcmp(v[i].file, file))
			break;
	if (i == *n) {
		v[i].file = file;
		v[i].line = line;
		v[i].col = col;
		memset(&v[i].what, 0, sizeof(v[i].what));
		++*n;
	} else {
		sb_puts(&v[i].what, "; ");
	}
	sb_puts(&v[i].what, what);
}

/*
 * The finding's place and its notes', each line quoted once: notes on one
 * line share it ("then stores 'x' here" on the finding's own line).
 */
static void places(struct page *pg, const struct oc_diag *d)
{
	struct place *v = xcalloc(d->nnotes + 1, sizeof(*v));
	unsigned n = 0, j;

	place_add(v, &n, d->file, d->line, d->col, diag_severity_name(d->sev));
	for (j = 0; j < d->nnotes; j++) {
		const struct oc_note *no = &d->notes[j];

		/* the litmus test and herd7's verdict are folded below */
		if (litmus_path(no->message) ||
		    !strncmp(no->message, "herd7 ", 6))
			continue;
		place_add(v, &n, no->file, no->line, no->col, no->message);
	}
	for (j = 0; j < n; j++) {
		html_location(pg, j ? "note" : "primary", v[j].file, v[j].line,
			      v[j].col, v[j].what.s);
		free(v[j].what.s);
	}
	free(v);
}

static void finding(struct page *pg, const struct oc_diag *d, unsigned n)
{
	FILE *out = pg->out;
	const struct rule *r = d->rule ? registry_find(d->rule) : NULL;
	const char *sev = diag_severity_name(d->sev);

	fprintf(out,
		"<article class=\"finding sev-%s\" id=\"f%u\" data-rule=\"",
		sev, n);
	html_esc(out, d->rule ? d->rule : "");
	fprintf(out, "\" data-sev=\"%s\" data-line=\"%u\" data-file=\"", sev,
		d->line);
	html_esc(out, d->file);
	fputs("\">\n<h3>", out);
	if (d->rule) {
		fputs("<a class=\"rule\" href=\"", out);
		rule_href(pg, d->rule);
		fputs("\">", out);
		html_esc(out, d->rule);
		fputs("</a> ", out);
	}
	fprintf(out, "<span class=\"sev\">%s</span> ", sev);
	html_esc(out, d->file);
	fprintf(out, ":%u", d->line);
	if (*d->function) {
		fputs(" in <code>", out);
		html_esc(out, d->function);
		fputs("()</code>", out);
	}
	fputs("</h3>\n", out);
	if (r && r->summary) {
		fputs("<p class=\"why\">", out);
		esc_md(out, r->summary);
		fputs("</p>\n", out);
	}
	fputs("<p class=\"msg\">", out);
	html_esc(out, d->message);
	fputs("</p>\n", out);
	if (d->threads)
		html_threads(pg, d, n);
	places(pg, d);
	litmus_fold(pg, d);
	html_fix_diff(pg, d);
	fputs("</article>\n", out);
}

/* Files that did not parse, a crashed worker: not findings, listed apart. */
static void run_messages(struct page *pg, const struct diag_list *l)
{
	unsigned i, n = l->n - diag_count_findings(l);

	if (!n)
		return;
	fprintf(pg->out,
		"<section id=\"run-messages\"><h2>About the run (%u)</h2>"
		"<ul>\n",
		n);
	for (i = 0; i < l->n; i++) {
		const struct oc_diag *d = &l->v[i];

		if (d->rule)
			continue;
		fprintf(pg->out,
			"<li class=\"sev-%s\"><a class=\"loc-link\" "
			"href=\"",
			diag_severity_name(d->sev));
		html_file_href(pg, d->file, d->line);
		fputs("\">", pg->out);
		html_esc(pg->out, d->file);
		if (d->line)
			fprintf(pg->out, ":%u", d->line);
		fprintf(pg->out, "</a> %s: ", diag_severity_name(d->sev));
		html_esc(pg->out, d->message);
		fputs("</li>\n", pg->out);
	}
	fputs("</ul></section>\n", pg->out);
}

void report_html(FILE *out, const struct diag_list *l,
		 const struct html_info *info)
{
	struct page pg = { out, info, NULL, 0, 0 };
	unsigned i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	      "<meta name=\"viewport\" content=\"width=device-width\">"
	      "<title>ordercheck report</title>\n<style>",
	      out);
	fputs(css, out);
	fputs("</style></head><body>\n<h1>ordercheck report</h1>\n", out);
	/* first: a file that did not parse is a hole in all that follows */
	run_messages(&pg, l);
	summary(&pg, l);
	fputs("<section id=\"findings\"><h2>Findings</h2>\n", out);
	for (i = 0; i < l->n; i++)
		if (l->v[i].rule)
			finding(&pg, &l->v[i], i);
	if (!diag_count_findings(l))
		fputs("<p>No findings.</p>\n", out);
	fputs("</section>\n", out);
	fputs("<script>", out);
	fputs(script, out);
	fputs("</script>\n</body></html>\n", out);
	html_sources_free(&pg);
}
