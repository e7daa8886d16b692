#!/usr/bin/env python3
"""Checks an HTML report of `report fetch --format html` as a person would see it.

    check_html_report.py PAGE.html [--expect-title TEXT] [--expect-lang LANG] [--browser] [--korean SELECTOR]
                         [--one-line-labels] [--screenshot OUT.png] [--screenshot-400 OUT.png] [--screenshot-1000 OUT.png]

Always: the page parses as HTML5 without a single parse error (html5lib, the WHATWG parsing
algorithm) and is self-contained: no script, nothing loaded from elsewhere (no src, no link to a
style sheet, no url() or @import), a charset, a language (--expect-lang: that one), a title, an A4
print style sheet.

With --browser, headless Chromium renders it (needs `chromium`, fonts-noto-cjk, poppler-utils and
Pillow; scripts/bootstrap installs them):
  - layout: a copy of the page with a measuring script added is loaded at 400 px (a phone; headless
    Chromium makes no window narrower than 500 px, so the page is measured in a 400 px iframe of
    its own), 500 px, 688 px (the width inside the A4 page's margins), 794 px (A4 at 96 dpi) and
    1000 px; at each width the document's scrollWidth and the right edge of every element must be
    within the viewport, and no word is broken across two lines: each run of Hangul (Korean breaks
    between words, `keep-all`) and each run of Latin letters up to 24 long (no `perce/ntile`) is
    measured with a DOM Range, and one whose client rects lie on two different lines is split;
    every element with Hangul text of its own has the computed style `word-break: keep-all`;
  - the screenshot at 794 px is not blank and its right margin (16 px) is page background;
  - Korean is drawn with real glyphs, not tofu: each Hangul syllable of the <h1> (or of the first
    element --korean names, for a page whose heading is not Korean) is cut out of the
    screenshot by the character's own box (measured with a DOM Range) and the syllables compared.
    Different syllables drawn from a font with Hangul differ; tofu boxes (the font's .notdef) are
    all the same. The method is checked against a control: the same page rendered with a
    fontconfig that sees only DejaVu (no Hangul) must come out as tofu by the same measure;
  - printed to PDF, every page is A4 and has ink, and nothing reaches into the page's right margin.
With --one-line-labels too (the trend and compare pages): at every width a table's names and
headers, a reference to quote (`면접 번호 1031`, `.ref`) and a summary's name with its change
(`공감 능력 ▲ 25`, `.mover`) lie on one line — `공감 / 능력` is a
label broken, even between its words —, at 1000 px every cell of a table does (the grade row
too), and every sparkline with two or more values is one polyline through all of them, across
the interviews that have none.
--screenshot writes the 794 px screenshot, cropped and reduced, for the README; --screenshot-400
writes the top of the page as a phone 400 px wide shows it; --screenshot-1000 the top of the page
in a window 1000 px wide.
Prints what it measured; exits 1 with the reasons when a check fails, 2 when it cannot run.
"""
import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import html5lib

A4_WIDTH_PX = 794
PHONE_WIDTH_PX = 400
# 500 px is the narrowest window headless Chromium makes: narrower widths are measured in an iframe.
NARROWEST_WINDOW_PX = 500
WIDEST_PX = 1000
LAYOUT_WIDTHS = [PHONE_WIDTH_PX, 500, 688, A4_WIDTH_PX, WIDEST_PX]
# A run of Latin letters longer than this may be broken where it does not fit (a URL, a token).
LONGEST_UNBROKEN_LATIN = 24
PAGE_BACKGROUND = (255, 255, 255)
HANGUL = re.compile("[\uac00-\ud7a3]")

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def check_document(path, expected_title, expected_lang=None):
    raw = open(path, "rb").read()
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"), namespaceHTMLElements=False)
    document = parser.parse(raw, transport_encoding="utf-8")
    for position, code, variables in parser.errors:
        fail(f"HTML5 parse error at line {position[0]} column {position[1]}: {code} {variables or ''}")
    text = raw.decode("utf-8")
    if not text.startswith("<!DOCTYPE html>"):
        fail("the page does not start with <!DOCTYPE html>")
    elements = list(document.iter())
    tags = [element.tag for element in elements if isinstance(element.tag, str)]
    local = [tag.split("}")[-1] for tag in tags]
    if "script" in local:
        fail("the page has a <script>")
    for element in elements:
        for name, value in element.attrib.items():
            bare = name.split("}")[-1]
            if bare in ("src", "srcset", "href", "action", "data", "poster") and not value.startswith("#"):
                fail(f"<{element.tag}> loads something: {bare}={value!r}")
            if bare.startswith("on"):
                fail(f"<{element.tag}> has an event handler attribute {bare}")
    for link in document.iter("link"):
        fail(f"<link> in the page: {link.attrib}")
    styles = [style.text or "" for style in document.iter("style")]
    css = "\n".join(styles)
    if len(styles) != 1:
        fail(f"expected one inline <style>, found {len(styles)}")
    if re.search(r"url\(|@import", css):
        fail("the style sheet loads something (url() or @import)")
    if not re.search(r"@page\s*\{[^}]*size:\s*A4", css):
        fail("no @page { size: A4 } in the style sheet")
    if "@media print" not in css:
        fail("no print style sheet (@media print)")
    root = document if document.tag == "html" else document.find("html")
    if root is None or not root.attrib.get("lang"):
        fail("<html> has no lang")
    elif expected_lang is not None and root.attrib.get("lang") != expected_lang:
        fail(f"<html lang={root.attrib.get('lang')!r}>, not {expected_lang!r}: the page is not in the language of the run")
    metas = [meta.attrib.get("charset", "").lower() for meta in document.iter("meta")]
    if "utf-8" not in metas:
        fail("no <meta charset=\"utf-8\">")
    title = document.find(".//title")
    if title is None or not (title.text or "").strip():
        fail("no <title>")
    headings = ["".join(h1.itertext()) for h1 in document.iter("h1")]
    if expected_title is not None and expected_title not in headings:
        fail(f"no <h1> reads {expected_title!r}; the headings are {headings!r}")
    print(f"document: {len(raw)} bytes, {len(tags)} elements, {len(parser.errors)} parse errors, headings {headings!r}")
    return text


# The measuring copy: the page plus a script that writes, into the DOM that --dump-dom prints,
# the viewport and document widths, the rightmost edge of any element, the height, and the box of
# every character of the first <h1> (a DOM Range measures each without changing the layout).
MEASURE_SCRIPT = """<script>
(function () {
  var root = document.documentElement, right = 0, widest = "";
  document.querySelectorAll("body *").forEach(function (element) {
    var box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > right) { right = box.right; widest = element.tagName + "." + element.className; }
  });
  var glyphs = [], h1 = document.querySelector(KOREAN_SELECTOR);
  if (h1) {
    var walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT), node;
    while ((node = walker.nextNode())) {
      for (var i = 0; i < node.data.length; i++) {
        var range = document.createRange();
        range.setStart(node, i); range.setEnd(node, i + 1);
        var r = range.getBoundingClientRect();
        glyphs.push({ch: node.data[i], x: r.left, y: r.top, w: r.width, h: r.height});
      }
    }
  }
  // Words broken across lines: a run of Hangul, or of up to LONGEST Latin letters, whose client
  // rects lie on more than one line.
  var splits = [], words = 0, runs = /[\uac00-\ud7a3]+|[A-Za-z]+/g;
  var texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), text;
  while ((text = texts.nextNode())) {
    var parent = text.parentElement;
    if (!parent || parent.closest("svg, style, script")) continue;
    var match;
    runs.lastIndex = 0;
    while ((match = runs.exec(text.data))) {
      var word = match[0], hangul = /[\uac00-\ud7a3]/.test(word);
      if (word.length < 2 || (!hangul && word.length > LONGEST)) continue;
      var span = document.createRange();
      span.setStart(text, match.index); span.setEnd(text, match.index + word.length);
      var tops = [];
      Array.prototype.forEach.call(span.getClientRects(), function (rect) {
        if (rect.width <= 0) return;
        if (!tops.some(function (top) { return Math.abs(top - rect.top) < 2; })) tops.push(rect.top);
      });
      if (tops.length === 0) continue;
      words++;
      if (tops.length > 1) splits.push({word: word, lines: tops.length, element: parent.tagName + "." + parent.className});
    }
  }
  // Korean is broken between words: every element with Hangul text of its own has keep-all.
  var hangulElements = 0, notKeepAll = [];
  document.querySelectorAll("body *").forEach(function (element) {
    if (element.closest("svg, style, script")) return;
    var own = Array.prototype.some.call(element.childNodes, function (node) {
      return node.nodeType === 3 && /[\uac00-\ud7a3]/.test(node.data);
    });
    if (!own) return;
    hangulElements++;
    var wordBreak = getComputedStyle(element).wordBreak;
    if (wordBreak !== "keep-all") notKeepAll.push(element.tagName + "." + element.className + ": " + wordBreak);
  });
  // Text that must stay on one line: a table's names and headers, a reference to quote
  // (`면접 번호 1031`) and a summary's name with its change at every width, every cell of a table at the widest. Each element's text
  // (not its pictures) is measured by its client rects' tops.
  function lines(element) {
    var tops = [], walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT), node;
    while ((node = walker.nextNode())) {
      if (node.parentElement.closest("svg") || !node.data.trim()) continue;
      var range = document.createRange();
      range.selectNodeContents(node);
      Array.prototype.forEach.call(range.getClientRects(), function (rect) {
        if (rect.width <= 0 || rect.height <= 0) return;
        if (!tops.some(function (top) { return Math.abs(top - rect.top) < 2; })) tops.push(rect.top);
      });
    }
    return tops.length;
  }
  function wrapped(selector) {
    var found = [];
    document.querySelectorAll(selector).forEach(function (element) {
      var count = lines(element);
      if (count > 1) found.push({text: element.textContent.trim().slice(0, 60), lines: count, element: element.tagName + "." + element.className});
    });
    return found;
  }
  var wrappedLabels = wrapped("table.trend th, table.trend td:first-child, .ref, .mover");
  var wrappedCells = wrapped("table.trend td, table.trend th");
  // A series is one line through all its values, however many interviews between them have none:
  // each sparkline with two or more values (its text alternative lists them) has one polyline
  // through as many points.
  var sparklines = 0, brokenLines = [];
  document.querySelectorAll("svg.spark").forEach(function (svg) {
    var label = svg.getAttribute("aria-label") || "", colon = label.indexOf(": ");
    var values = colon < 0 ? 0 : label.slice(colon + 2).split(", ").length;
    var polylines = svg.querySelectorAll("polyline");
    var points = polylines.length === 1 ? polylines[0].points.numberOfItems : -1;
    sparklines++;
    if (values >= 2 && (polylines.length !== 1 || points !== values)) {
      brokenLines.push({label: label.slice(0, 80), polylines: polylines.length, points: points, values: values});
    }
  });
  var result = {wrappedLabels: wrappedLabels, wrappedCells: wrappedCells, sparklines: sparklines, brokenLines: brokenLines,
                hangulElements: hangulElements, notKeepAll: notKeepAll, innerWidth: window.innerWidth, clientWidth: root.clientWidth, scrollWidth: root.scrollWidth,
                bodyScrollWidth: document.body.scrollWidth, scrollHeight: root.scrollHeight,
                rightmost: right, rightmostElement: widest, glyphs: glyphs, words: words, splits: splits};
  // In a phone-width iframe (srcdoc: the same origin), the measurements go to the page around it.
  var host = window.parent !== window ? window.parent.document : document;
  var out = host.createElement("pre");
  out.id = "report-measurements";
  out.textContent = JSON.stringify(result);
  host.body.appendChild(out);
})();
</script>
"""


def phone_frame(page, width, height):
    """A page that shows `page` in an iframe `width` px wide (its own viewport, media queries and
    all): what a window narrower than headless Chromium makes would show."""
    return ('<!DOCTYPE html>\n<html><head><meta charset="utf-8"><style>body { margin: 0; } '
            f'iframe {{ border: 0; display: block; width: {width}px; height: {height}px; }}</style></head>'
            f'<body><iframe srcdoc="{html.escape(page, quote=True)}"></iframe></body></html>\n')


class Browser:
    def __init__(self, work):
        self.work = work
        self.binary = os.environ.get("CHROMIUM") or next(
            (shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome") if shutil.which(name)), None)
        if self.binary is None:
            print("cannot run: no chromium (scripts/bootstrap installs it)")
            sys.exit(2)
        self.runs = 0

    def run(self, url, width, height, extra, environment=None):
        self.runs += 1
        profile = os.path.join(self.work, f"profile-{self.runs}")
        arguments = [self.binary, "--headless", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                     "--no-default-browser-check", "--disable-extensions", "--mute-audio",
                     "--force-device-scale-factor=1", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                     f"--window-size={width},{height}"] + extra + [url]
        if os.geteuid() == 0:
            arguments.insert(1, "--no-sandbox")  # Chromium refuses to run as root with its sandbox
        env = dict(os.environ, **(environment or {}))
        result = subprocess.run(arguments, capture_output=True, text=True, timeout=120, env=env)
        if result.returncode != 0:
            print(result.stderr[-3000:])
            fail(f"chromium exited {result.returncode} for {' '.join(extra)}")
        return result

    korean_selector = "h1"

    def measure(self, path, width, environment=None):
        text = open(path, encoding="utf-8").read()
        script = (MEASURE_SCRIPT.replace("KOREAN_SELECTOR", json.dumps(self.korean_selector))
                  .replace("LONGEST", str(LONGEST_UNBROKEN_LATIN)))
        measuring = os.path.join(self.work, f"measure-{width}-{self.runs}.html")
        position = text.rfind("</body>")
        page = text[:position] + script + text[position:] if position >= 0 else text + script
        window = width
        if width < NARROWEST_WINDOW_PX:
            page = phone_frame(page, width, 900)
            window = NARROWEST_WINDOW_PX
        with open(measuring, "w", encoding="utf-8") as out:
            out.write(page)
        result = self.run("file://" + measuring, window, 900, ["--dump-dom"], environment)
        match = re.search(r'<pre id="report-measurements">(.*?)</pre>', result.stdout, re.S)
        if not match:
            fail(f"the measuring page printed no measurements at {width} px")
            return None
        return json.loads(match.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))

    def phone_screenshot(self, path, height):
        """The page as a phone PHONE_WIDTH_PX wide shows it: in an iframe that wide, cropped to it."""
        from PIL import Image
        framed = os.path.join(self.work, "phone.html")
        with open(framed, "w", encoding="utf-8") as out:
            out.write(phone_frame(open(path, encoding="utf-8").read(), PHONE_WIDTH_PX, height))
        png = os.path.join(self.work, f"screenshot-phone-{self.runs}.png")
        self.run("file://" + framed, NARROWEST_WINDOW_PX, height, [f"--screenshot={png}"])
        return Image.open(png).convert("RGB").crop((0, 0, PHONE_WIDTH_PX, height))

    def screenshot(self, path, width, height, environment=None):
        png = os.path.join(self.work, f"screenshot-{width}-{self.runs}.png")
        self.run("file://" + os.path.abspath(path), width, height, [f"--screenshot={png}"], environment)
        return png

    def pdf(self, path):
        pdf = os.path.join(self.work, "page.pdf")
        self.run("file://" + os.path.abspath(path), A4_WIDTH_PX, 1123, [f"--print-to-pdf={pdf}", "--no-pdf-header-footer"])
        return pdf


def ink_mask(image, box):
    """The crop of `box` as a set of ink pixels (darker than mid-grey)."""
    crop = image.crop(box).convert("L")
    width, height = crop.size
    pixels = crop.load()
    ink = {(x, y) for y in range(height) for x in range(width) if pixels[x, y] < 140}
    if not ink:
        return ink
    # Aligned on the ink's top-left corner, so that the same shape drawn a pixel further along
    # (the glyph boxes fall on fractional positions) compares as the same.
    left = min(x for x, _ in ink)
    top = min(y for _, y in ink)
    return {(x - left, y - top) for x, y in ink}


def glyph_dissimilarity(image, glyphs):
    """How different the distinct Hangul syllables of the heading look: for each pair of different
    syllables, the share of ink pixels that one has and the other has not (0: the same picture).
    Returns the median over pairs, the syllables compared and how many had any ink."""
    seen = {}
    for glyph in glyphs:
        if HANGUL.match(glyph["ch"]) and glyph["ch"] not in seen and glyph["w"] >= 4:
            seen[glyph["ch"]] = glyph
    masks = []
    for ch, glyph in seen.items():
        box = (int(glyph["x"]), int(glyph["y"]), int(glyph["x"] + glyph["w"] + 0.999), int(glyph["y"] + glyph["h"] + 0.999))
        masks.append((ch, ink_mask(image, box)))
    inked = sum(1 for _, mask in masks if mask)
    scores = []
    for i in range(len(masks)):
        for j in range(i + 1, len(masks)):
            a, b = masks[i][1], masks[j][1]
            union = a | b
            if union:
                scores.append(len(a ^ b) / len(union))
    scores.sort()
    median = scores[len(scores) // 2] if scores else 0.0
    return median, "".join(ch for ch, _ in masks), inked


def check_one_line(m, width):
    """--one-line-labels: the trend and compare pages' names, headers and references on one line
    at every width, every table cell on one line at the widest, every sparkline one line."""
    print(f"one line at {width} px: {len(m['wrappedLabels'])} labels wrapped, {len(m['wrappedCells'])} table cells wrapped, "
          f"{m['sparklines']} sparklines, {len(m['brokenLines'])} not one line through their values")
    for label in m["wrappedLabels"][:12]:
        fail(f"at {width} px the label {label['text']!r} is broken across {label['lines']} lines (in {label['element']})")
    if width == WIDEST_PX:
        for cell in m["wrappedCells"][:12]:
            fail(f"at {width} px the table cell {cell['text']!r} takes {cell['lines']} lines (in {cell['element']})")
    for line in m["brokenLines"][:12]:
        fail(f"the sparkline {line['label']!r} is {line['polylines']} polylines ({line['points']} points) for {line['values']} values: "
             "not one line through them")


def check_browser(path, work, screenshot_out, korean_selector, phone_screenshot_out=None, one_line=False, wide_screenshot_out=None):
    from PIL import Image
    browser = Browser(work)
    browser.korean_selector = korean_selector
    measurements = {}
    for width in LAYOUT_WIDTHS:
        m = browser.measure(path, width)
        if m is None:
            continue
        measurements[width] = m
        print(f"layout at {width} px: viewport {m['innerWidth']}, scrollWidth {m['scrollWidth']}, "
              f"rightmost element edge {m['rightmost']:.1f} ({m['rightmostElement']}), height {m['scrollHeight']}")
        if m["innerWidth"] != width:
            fail(f"the viewport is {m['innerWidth']} px wide, not {width}: the measurement is not at the width asked for")
        if m["scrollWidth"] > m["innerWidth"] or m["bodyScrollWidth"] > m["innerWidth"]:
            fail(f"at {width} px the page scrolls sideways: scrollWidth {m['scrollWidth']}")
        if m["rightmost"] > m["innerWidth"] + 0.5:
            fail(f"at {width} px {m['rightmostElement']} ends at {m['rightmost']:.1f} px, past the viewport")
        print(f"words at {width} px: {m['words']} measured, {len(m['splits'])} broken across lines")
        for split in m["splits"][:12]:
            fail(f"at {width} px the word {split['word']!r} is broken across {split['lines']} lines (in {split['element']})")
        print(f"Hangul at {width} px: {m['hangulElements']} elements with Hangul text, {len(m['notKeepAll'])} without word-break: keep-all")
        for element in m["notKeepAll"][:12]:
            fail(f"at {width} px {element} (Korean would break inside a word)")
        if one_line:
            check_one_line(m, width)
    a4 = measurements.get(A4_WIDTH_PX)
    if a4 is None:
        return
    height = min(max(a4["scrollHeight"], 200), 8000)
    png = browser.screenshot(path, A4_WIDTH_PX, height)
    image = Image.open(png).convert("RGB")
    print(f"screenshot: {image.size[0]}x{image.size[1]}")
    if image.size[0] != A4_WIDTH_PX:
        fail(f"the screenshot is {image.size[0]} px wide, not {A4_WIDTH_PX}")
    pixels = image.load()
    width, total = image.size
    inked = sum(1 for y in range(0, total, 2) for x in range(0, width, 2) if pixels[x, y] != PAGE_BACKGROUND)
    share = inked / ((total // 2 + total % 2) * (width // 2 + width % 2))
    colours = len(image.getcolors(maxcolors=1 << 24))
    print(f"screenshot: {share:.1%} of pixels are not page background, {colours} colours")
    if share < 0.02 or colours < 8:
        fail(f"the screenshot looks blank: {share:.1%} drawn, {colours} colours")
    margin = [(x, y) for y in range(total) for x in range(width - 16, width) if pixels[x, y] != PAGE_BACKGROUND]
    if margin:
        fail(f"something is drawn in the right 16 px margin, first at {margin[0]}")

    median, syllables, with_ink = glyph_dissimilarity(image, a4["glyphs"])
    print(f"Korean text of {korean_selector}: syllables {syllables!r}, {with_ink} with ink, median dissimilarity {median:.2f}")
    if len(syllables) < 2:
        fail(f"{korean_selector} has fewer than two different Hangul syllables: the tofu check needs them")
    elif with_ink < len(syllables) or median < 0.3:
        fail(f"the Korean text of {korean_selector} looks like tofu: its syllables are alike (median dissimilarity {median:.2f} < 0.3)")
    # The control: the same page where fontconfig knows no font with Hangul must measure as tofu.
    config = os.path.join(work, "fonts-no-hangul.conf")
    with open(config, "w") as out:
        out.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
                  "<dir>/usr/share/fonts/truetype/dejavu</dir>\n"
                  f"<cachedir>{os.path.join(work, 'fontconfig-cache')}</cachedir>\n</fontconfig>\n")
    environment = {"FONTCONFIG_FILE": config}
    control = browser.measure(path, A4_WIDTH_PX, environment)
    if control is not None:
        control_png = browser.screenshot(path, A4_WIDTH_PX, min(max(control["scrollHeight"], 200), 8000), environment)
        control_median, _, _ = glyph_dissimilarity(Image.open(control_png).convert("RGB"), control["glyphs"])
        print(f"control without a Hangul font: median dissimilarity {control_median:.2f} (tofu)")
        if control_median >= 0.1:
            fail(f"the control rendered without a Hangul font does not measure as tofu ({control_median:.2f}): "
                 "the check cannot tell glyphs from tofu here")

    pdf = browser.pdf(path)
    check_pdf(pdf, work)
    if screenshot_out:
        write_screenshot(image, screenshot_out)
    phone = measurements.get(PHONE_WIDTH_PX)
    if phone_screenshot_out and phone is not None:
        height = min(max(phone["scrollHeight"], 200), 1800)
        write_phone_screenshot(browser.phone_screenshot(path, height), phone_screenshot_out)
    wide = measurements.get(WIDEST_PX)
    if wide_screenshot_out and wide is not None:
        height = min(max(wide["scrollHeight"], 200), 1600)
        write_phone_screenshot(Image.open(browser.screenshot(path, WIDEST_PX, height)).convert("RGB"), wide_screenshot_out)
    print(f"chromium runs: {browser.runs}")


def check_pdf(pdf, work):
    from PIL import Image
    if not os.path.exists(pdf):
        fail("chromium wrote no PDF")
        return
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", pdf], capture_output=True, text=True).stdout
    sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", info)
    print(f"PDF: {len(sizes)} pages")
    if not sizes:
        fail("the PDF has no pages")
    for number, (w, h) in enumerate(sizes, 1):
        if abs(float(w) - 595.28) > 1 or abs(float(h) - 841.89) > 1:
            fail(f"PDF page {number} is {w} x {h} pt, not A4 (595.28 x 841.89)")
    prefix = os.path.join(work, "pdf-page")
    subprocess.run(["pdftoppm", "-r", "72", "-png", pdf, prefix], check=True)
    pages = sorted(name for name in os.listdir(work) if name.startswith("pdf-page"))
    for number, name in enumerate(pages, 1):
        image = Image.open(os.path.join(work, name)).convert("RGB")
        width, height = image.size
        pixels = image.load()
        # At 72 dpi the page's 14 mm right margin is 39 px: the outer 10 mm (28 px) must stay white.
        drawn_in_margin = any(pixels[x, y] != PAGE_BACKGROUND for y in range(height) for x in range(width - 28, width))
        inked = sum(1 for y in range(0, height, 3) for x in range(0, width, 3) if pixels[x, y] != PAGE_BACKGROUND)
        if drawn_in_margin:
            fail(f"PDF page {number}: something is drawn in the right margin")
        if inked == 0:
            fail(f"PDF page {number} is blank")


def write_screenshot(image, out):
    """The top of the page (title, tips, character, aptitude), at 3/4 size, in 64 colours: small
    enough for the README."""
    top = image.crop((0, 0, image.size[0], min(image.size[1], 1500)))
    small = top.resize((top.size[0] * 3 // 4, top.size[1] * 3 // 4))
    small.quantize(colors=64).save(out, optimize=True)
    print(f"wrote {out} ({os.path.getsize(out)} bytes)")


def write_phone_screenshot(image, out):
    """The top of the page as a phone shows it, at full size, in 64 colours."""
    image.quantize(colors=64).save(out, optimize=True)
    print(f"wrote {out} ({image.size[0]}x{image.size[1]}, {os.path.getsize(out)} bytes)")


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("page")
    arguments.add_argument("--expect-title")
    arguments.add_argument("--expect-lang", help="the <html lang> the page must have")
    arguments.add_argument("--browser", action="store_true")
    arguments.add_argument("--korean", default="h1", help="the element whose Hangul is checked for tofu")
    arguments.add_argument("--screenshot")
    arguments.add_argument("--screenshot-400", dest="phone_screenshot")
    arguments.add_argument("--screenshot-1000", dest="wide_screenshot")
    arguments.add_argument("--one-line-labels", action="store_true",
                           help="names, headers and references on one line, table cells too at 1000 px, sparklines unbroken")
    options = arguments.parse_args()
    check_document(options.page, options.expect_title, options.expect_lang)
    if options.browser:
        with tempfile.TemporaryDirectory(prefix="report-html-") as work:
            check_browser(options.page, work, options.screenshot, options.korean, options.phone_screenshot,
                          options.one_line_labels, options.wide_screenshot)
    if failures:
        print(f"{len(failures)} checks failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
