"""What a page is measured by, to fit a phone: tap targets a finger can hit, no sideways
scroll, no word broken inside, no text cut; and, for large text, no control over another
or out of sight (covered, or past the screen's edge)."""

from __future__ import annotations

from playwright.sync_api import Page

TAP = 44

# What the page measures: controls a finger taps (a tick box by its label), the page's
# width, each word that the lines of its text cut in two (a hyphen or a dash between two
# words is a fair place to wrap), text an element cuts off (wider than its box, hidden or
# ended with "…") and placeholders wider than their box.
MEASURE = """() => {
  const seen = el => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const small = [];
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
  for (const el of document.querySelectorAll(controls)) {
    if (!seen(el) || el.closest('svg')) continue;
    const target = el.matches('input[type=radio], input[type=checkbox]')
      ? (el.closest('label') || el) : el;
    const r = target.getBoundingClientRect();
    if (r.width < TAP - 0.5 || r.height < TAP - 0.5) {
      const said = (el.innerText || el.value || el.name || '').trim().slice(0, 40);
      const size = `${r.width.toFixed(0)}×${r.height.toFixed(0)}`;
      small.push(`${el.tagName.toLowerCase()} "${said}" ${size}`);
    }
  }
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const apart = 'svg, script, style, [hidden], .sr-only';  // not seen, or not words
    if (!parent || parent.closest(apart) || !seen(parent)) continue;
    for (const match of node.data.matchAll(/\\S+/g)) {
      if (/[-\\u2013\\u2014\\/]/.test(match[0])) continue;
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0)
        .map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(match[0]);
    }
  }
  const cut = [];
  for (const el of document.querySelectorAll('main *, header *, .bar *')) {
    if (!seen(el) || el.closest('svg, .picture, .sr-only') || !el.innerText) continue;
    const style = getComputedStyle(el);
    // Hidden past its edge, ended with "…", or scrolled out of sight (a table's total).
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (clips && el.scrollWidth > el.clientWidth + 1) cut.push(el.innerText.trim().slice(0, 60));
  }
  const ruler = document.createElement('canvas').getContext('2d');
  for (const el of document.querySelectorAll('input[placeholder], textarea[placeholder]')) {
    if (!seen(el) || el.value) continue;
    const style = getComputedStyle(el), hint = getComputedStyle(el, '::placeholder');
    ruler.font = `${hint.fontStyle} ${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const wide = ruler.measureText(el.placeholder).width;
    if (wide > room + 1) cut.push(`placeholder "${el.placeholder}"`);
  }
  // A phone widens its page to what overflows it (and shows it zoomed out): the screen's
  // own width is the visual viewport's.
  const screenWidth = Math.min(innerWidth, visualViewport.width * visualViewport.scale);
  return {small, broken, cut, sideways: document.documentElement.scrollWidth - screenWidth};
}""".replace("TAP", str(TAP))


def measure(page: Page, where: str, faults: list[str]) -> None:
    found = page.evaluate(MEASURE)
    for small in found["small"]:
        faults.append(f"{where}: a tap target under {TAP}×{TAP}: {small}")
    for word in found["broken"]:
        faults.append(f"{where}: a word broken inside: {word}")
    for text in found["cut"]:
        faults.append(f"{where}: text cut: {text}")
    if found["sideways"] > 0:
        faults.append(f"{where}: {found['sideways']} px wider than the phone")


# Every control a finger or a keyboard can reach (outside the board picture, which scrolls
# and zooms on its own): none lies over another, and each, scrolled to, is seen whole
# within the screen's width and is what a tap at its middle lands on (nothing covers it).
CROWDED = """() => {
  const seen = el => el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const controls = [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary')]
    .filter(el => seen(el) && !el.closest('svg, .picture, [popover]:not(:popover-open)'));
  const name = el => `${el.tagName.toLowerCase()} "${
    (el.innerText || el.value || el.placeholder || el.getAttribute('aria-label') || '')
      .trim().slice(0, 30)}"`;
  const over = [];
  const boxes = controls.map(el => el.getBoundingClientRect());
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const [a, b] = [controls[i], controls[j]];
      const label = a.closest('label');
      if (a.contains(b) || b.contains(a) || label && label === b.closest('label')) continue;
      const [r, s] = [boxes[i], boxes[j]];
      const wide = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const high = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (wide > 1 && high > 1) over.push(`${name(a)} over ${name(b)}`);
    }
  }
  // Text running out of its box over what lies beside it (a box that clips is MEASURE's).
  const spilled = [];
  for (const el of document.querySelectorAll('main *, header *')) {
    if (!seen(el) || el.closest('svg, .picture, .sr-only') || !el.clientWidth) continue;
    const style = getComputedStyle(el);
    if (style.display === 'inline' || style.overflowX !== 'visible') continue;
    if (el.scrollWidth > el.clientWidth + 1) spilled.push(el);
  }
  // Named by the innermost box (its parents spill only because it does).
  for (const el of spilled) {
    if (!spilled.some(other => other !== el && el.contains(other)))
      over.push(`${name(el)} runs out of its box`);
  }
  const edge = Math.min(innerWidth, visualViewport.width * visualViewport.scale);
  const hidden = [];
  for (const el of controls) {
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    if (r.left < -0.5 || r.right > edge + 0.5) {
      hidden.push(`${name(el)} past the edge`);
      continue;
    }
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const found = document.elementFromPoint(x, y);
    const label = el.closest('label');
    if (!found || !(el.contains(found) || found.contains(el) || label && label.contains(found)))
      hidden.push(`${name(el)} under ${found ? name(found) : 'nothing'}`);
  }
  scrollTo(0, 0);
  return {over, hidden};
}"""


def crowded(page: Page, where: str, faults: list[str]) -> None:
    """Adds to ``faults`` each control over another, or out of sight."""
    found = page.evaluate(CROWDED)
    faults += [f"{where}: {each}" for each in found["over"] + found["hidden"]]
