// The page: a board you can edit, its rules, and its figures from the
// server's /api/report, kept in the URL so that a link shows the same board.
"use strict";

const CLASSIC = { size: 10, jumps: { 1: 38, 4: 14, 9: 31, 16: 6, 21: 42, 28: 84, 36: 44, 47: 26, 49: 11, 51: 67, 56: 53, 62: 19, 64: 60, 71: 91, 80: 100, 87: 24, 93: 73, 95: 75, 98: 78 } };
const LEETCODE = [[-1, -1, -1, -1, -1, -1], [-1, -1, -1, -1, -1, -1], [-1, -1, -1, -1, -1, -1], [-1, 35, -1, -1, 13, -1], [-1, -1, -1, -1, -1, -1], [-1, 15, -1, -1, -1, -1]];
const SVGNS = "http://www.w3.org/2000/svg";
const CELL = 40;

const state = {
  board: CLASSIC,        // {size, jumps: {from: to}}, or a grid until the server answers
  rules: { startOffBoard: true },
  report: null,
  selected: 0,           // the square clicked first when adding a jump
  request: null,         // the AbortController of the report in flight
  design: null,          // the AbortController of the design in flight
  game: null,            // the game in Play mode, as the library encodes it
  squares: null,         // where each player's token stands, as shown
  oddsSeen: [],          // every player's odds after each throw, for the chart
  seed: 0,               // the throws' seed (from the link): 0 for random
  busy: false,           // a throw is on its way or being shown
  best: null,            // the best play's answer, shown on the board while its box is ticked
  bestRequest: null,     // the AbortController of the best play in flight
};

// The colours of the dice a best play picks, the fewest faces first: pale,
// so that the squares' numbers, the jumps and the tokens stay legible.
const DICE = ["#dbeafe", "#fde2c8", "#d9f2dc", "#f6d5e5", "#e6dcf5", "#fff1a8"];

// The players' tokens: colours the ladders (green), snakes (red) and path
// (blue) do not use, each named by its colour unless given a name.
const PLAYERS = [["Purple", "#7b3fa0"], ["Orange", "#e8740c"], ["Grey", "#4a4f57"], ["Pink", "#d6336c"]];

// playerName is player i's name: the one typed, or its colour's.
function playerName(i) {
  const names = $("play").elements.names.value.split(",").map((s) => s.trim());
  return names[i] || PLAYERS[i][0];
}

const $ = (id) => document.getElementById(id);

// The square's column and row from the top-left, boustrophedon from the
// bottom-left as LeetCode numbers them.
function cellOf(n, label) {
  const i = Math.floor((label - 1) / n);
  let k = (label - 1) % n;
  if (i % 2 === 1) k = n - 1 - k;
  return [k, n - 1 - i];
}

function centre(n, label) {
  const [x, y] = cellOf(n, label);
  return [x * CELL + CELL / 2, y * CELL + CELL / 2];
}

// A grid (LeetCode's form) as {size, jumps}.
function fromGrid(grid) {
  const n = grid.length, jumps = {};
  for (let label = 1; label <= n * n; label++) {
    const [x, y] = cellOf(n, label);
    const to = grid[y][x];
    if (to !== -1) jumps[label] = to;
  }
  return { size: n, jumps };
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function drawBoard() {
  const b = state.board;
  if (!b || !b.size || !b.jumps) return; // not a board yet: the server's answer says why
  const n = b.size, side = n * CELL;
  const strip = state.game ? CELL : 0; // while playing, a waiting area off the board below it
  const svg = el("svg", { viewBox: `0 0 ${side} ${side + strip}`, role: "img" });
  const visits = state.report && $("heat").checked ? state.report.visits : null;
  const best = state.best && $("best-show").checked && !state.game ? state.best : null;
  const declined = new Set(best ? best.declined.map((j) => j[0]) : []);
  let most = 0;
  if (visits) for (const v of visits) if (v > most) most = v;
  for (let label = 1; label <= n * n; label++) {
    const [x, y] = cellOf(n, label);
    const g = el("g", { class: "sq" + (label === state.selected ? " selected" : ""), "data-square": label }, svg);
    let fill = (x + y) % 2 ? "#fbfcfe" : "#f1f4f8";
    if (best && best.dice && best.dice[label] > 0) fill = DICE[best.faces.indexOf(best.dice[label]) % DICE.length];
    if (visits && most > 0 && visits[label] > 0) {
      const t = Math.sqrt(visits[label] / most);
      fill = `rgb(255,${Math.round(245 - 150 * t)},${Math.round(235 - 200 * t)})`;
    }
    el("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, fill, stroke: "#d6dde5" }, g);
    const t = el("text", { x: x * CELL + 3, y: y * CELL + 11, "font-size": 9, fill: "#5b6775" }, g);
    t.textContent = label;
    g.addEventListener("click", () => clickSquare(label));
  }
  // The shortest path: from each turn's square to where the roll lands;
  // hidden while playing, the board the players'.
  if (state.report && state.report.path && !state.game) {
    for (const m of state.report.path) {
      if (m.from < 1 || m.landed === m.from) continue;
      const [x1, y1] = centre(n, m.from), [x2, y2] = centre(n, m.landed);
      el("line", { x1, y1, x2, y2, stroke: "#1f5fbf", "stroke-width": 3, opacity: 0.7, "pointer-events": "none" }, svg);
      el("circle", { cx: x2, cy: y2, r: 4, fill: "#1f5fbf", "pointer-events": "none" }, svg);
    }
  }
  for (const [from, to] of Object.entries(b.jumps)) {
    const f = Number(from);
    if (to === f) continue;
    const [x1, y1] = centre(n, f), [x2, y2] = centre(n, to);
    const ladder = to > f;
    // A jump the best play declines is faded: the token stays on its start.
    const g = el("g", { class: "jump" + (declined.has(f) ? " declined" : ""), "data-from": f, opacity: declined.has(f) ? 0.25 : 1 }, svg);
    if (ladder) {
      el("line", { x1, y1, x2, y2, stroke: "#2e8b57", "stroke-width": 5, "stroke-linecap": "round", opacity: 0.85 }, g);
    } else {
      const mx = (x1 + x2) / 2 + (y2 - y1) / 4, my = (y1 + y2) / 2 - (x2 - x1) / 4;
      el("path", { d: `M${x1},${y1} Q${mx},${my} ${x2},${y2}`, stroke: "#c0392b", "stroke-width": 4, fill: "none", "stroke-linecap": "round", opacity: 0.85 }, g);
      el("circle", { cx: x1, cy: y1, r: 5, fill: "#c0392b" }, g);
    }
    g.addEventListener("click", () => removeJump(f));
  }
  // Square effects: » another throw, ‖ miss the next turn.
  for (const [kind, sym, colour] of [["again", "»", "#2e8b3e"], ["miss", "‖", "#c0392b"]]) {
    for (const s of b[kind] || []) {
      const [x, y] = centre(n, s);
      const t = el("text", { class: "effect", "data-effect": kind, "data-square": s, x: x + CELL * 0.22, y: y + CELL * 0.36, "font-size": CELL * 0.42, "text-anchor": "middle", fill: colour, "font-weight": "bold", "pointer-events": "none" }, svg);
      t.textContent = sym;
    }
  }
  // The last move, ringed in its player's colour; the players' tokens,
  // large and lettered, side by side on a square they share, and those
  // off the board in the waiting area below it.
  if (state.game && state.lastMove && state.lastMove.to > 0) {
    const m = state.lastMove, [x, y] = cellOf(n, m.to);
    el("rect", { class: "last-move", x: x * CELL + 1.5, y: y * CELL + 1.5, width: CELL - 3, height: CELL - 3, fill: "none", stroke: PLAYERS[m.player || 0][1], "stroke-width": 3, rx: 4, "pointer-events": "none" }, svg);
  }
  if (state.game) {
    el("rect", { x: 0, y: side, width: side, height: strip, fill: "#eef1f5", stroke: "#d6dde5" }, svg);
    const t = el("text", { x: 4, y: side + 11, "font-size": 9, fill: "#5b6775" }, svg);
    t.textContent = "off the board";
  }
  if (state.squares) {
    const on = {};
    state.squares.forEach((sq, i) => (on[sq] = on[sq] || []).push(i));
    for (const [sq, players] of Object.entries(on)) {
      const r = players.length > 2 ? CELL * 0.17 : CELL * 0.22;
      players.forEach((i, k) => {
        let cx, cy;
        if (Number(sq) === 0) {
          if (!state.game) return;
          [cx, cy] = [CELL * (1.2 + 0.9 * i), side + strip * 0.58];
        } else {
          [cx, cy] = centre(n, Number(sq));
          cx += (k - (players.length - 1) / 2) * r * 1.7;
          cy += CELL * 0.08;
        }
        const g = el("g", { class: "token", "data-player": i, "pointer-events": "none" }, svg);
        el("circle", { cx, cy, r, fill: PLAYERS[i][1], stroke: "#fff", "stroke-width": 2 }, g);
        el("circle", { cx, cy, r: r + 1.5, fill: "none", stroke: "#1d2733", "stroke-width": 1 }, g);
        const letter = el("text", { x: cx, y: cy + r * 0.42, "font-size": r * 1.2, "text-anchor": "middle", fill: "#fff", "font-weight": "bold" }, g);
        letter.textContent = (playerName(i)[0] || "?").toUpperCase();
      });
    }
  }
  $("board").dataset.squares = state.squares ? JSON.stringify(state.squares) : "";
  $("board").replaceChildren(svg);
}

// toggleEffect gives square label the effect kind ("again" or "miss"),
// or takes it away when it has it; the server checks the board.
function toggleEffect(label, kind) {
  const b = state.board, last = b.size * b.size;
  if (label === last) return hint("The last square can have no effect.");
  if (b.jumps[label] !== undefined) return hint(`Square ${label} starts a jump: it can have no effect.`);
  const had = (b[kind] || []).includes(label);
  for (const k of ["again", "miss"]) b[k] = (b[k] || []).filter((s) => s !== label);
  if (!had) b[kind] = [...b[kind], label].sort((x, y) => x - y);
  hint(had ? `Square ${label} has no effect now.` : kind === "again" ? `Square ${label} gives another throw.` : `Square ${label} costs the next turn.`);
  changed();
}

function clickSquare(label) {
  if (state.game) return; // the board is the game's until it ends
  const b = state.board, last = b.size * b.size;
  const tool = document.querySelector('input[name="tool"]:checked');
  if (tool && tool.value !== "jump") return toggleEffect(label, tool.value);
  if (!state.selected) {
    if (b.jumps[label] !== undefined) return removeJump(label);
    if (label === last) return hint("The last square cannot start a jump.");
    state.selected = label;
    hint(`Square ${label} chosen: click where its jump should go.`);
    return drawBoard();
  }
  const from = state.selected;
  state.selected = 0;
  if (label !== from) {
    b.jumps[from] = label;
    for (const k of ["again", "miss"]) if (b[k]) b[k] = b[k].filter((s) => s !== from); // a jump's start has no effect
    hint(label > from ? `Ladder ${from} → ${label} added.` : `Snake ${from} → ${label} added.`);
  } else {
    hint("Nothing added.");
  }
  changed();
}

function removeJump(from) {
  if (state.game) return;
  delete state.board.jumps[from];
  state.selected = 0;
  hint(`Jump from ${from} removed.`);
  changed();
}

function hint(text) { $("hint").textContent = text; }

// The rules as the form says them, in Rules' JSON.
function readRules() {
  const f = $("rules").elements, num = (name) => Number(f[name].value) || 0;
  const r = {
    faces: num("faces"), startOffBoard: f.start.value === "offboard", overshoot: f.overshoot.value,
    chain: f.chain.checked, dice: num("dice"), enter: num("enter"), again: num("again"),
    againLimit: num("againLimit"), onLimit: f.onLimit.value,
  };
  const w = f.weights.value.trim();
  if (w) {
    r.weights = w.split(",").map((s) => Number(s.trim()));
    r.faces = 0;
  }
  return r;
}

function writeRules(r) {
  const f = $("rules").elements;
  f.faces.value = r.weights && r.weights.length ? r.weights.length : r.faces || 6;
  f.start.value = r.startOffBoard ? "offboard" : "1";
  f.overshoot.value = r.overshoot || "stay";
  f.chain.checked = !!r.chain;
  f.dice.value = r.dice || 1;
  f.weights.value = r.weights ? r.weights.join(",") : "";
  f.enter.value = r.enter || 0;
  f.again.value = r.again || 0;
  f.againLimit.value = r.againLimit || 0;
  f.onLimit.value = r.onLimit || "void";
}

// changed keeps the URL in step with the board and rules and asks for the
// figures again.
function changed() {
  const q = new URLSearchParams();
  q.set("board", JSON.stringify(state.board));
  q.set("rules", JSON.stringify(state.rules));
  history.replaceState(null, "", "?" + q.toString());
  drawBoard();
  fetchReport();
  if ($("best-show").checked) fetchBest();
}

async function fetchReport() {
  if (state.request) state.request.abort();
  const ctl = new AbortController();
  state.request = ctl;
  $("expected").textContent = "…";
  try {
    const res = await fetch("/api/report", {
      method: "POST", headers: { "Content-Type": "application/json" }, signal: ctl.signal,
      body: JSON.stringify({ board: state.board, rules: state.rules }),
    });
    const body = await res.json();
    if (!res.ok) return showError(body.error || res.statusText);
    show(body);
  } catch (e) {
    if (e.name !== "AbortError") showError(String(e));
  } finally {
    if (state.request === ctl) state.request = null;
  }
}

function showError(msg) {
  const e = $("error");
  e.textContent = msg;
  e.hidden = false;
  $("expected").textContent = "–";
}

// readChoice is the best play's choices as the form holds them, or a
// string that says what in them is not a whole number.
function readChoice() {
  const f = $("best").elements;
  const typed = f.faces.value.split(",").map((x) => x.trim()).filter((x) => x !== "");
  const bad = typed.find((x) => !/^-?\d+$/.test(x));
  if (bad !== undefined) return `Dice to pick from: "${bad}" is not a whole number of faces`;
  return { declineLadders: f.declineLadders.checked, declineSnakes: f.declineSnakes.checked, faces: typed.map(Number) };
}

// bestFailed says why there is no best play, and takes it off the board.
function bestFailed(msg) {
  state.best = null;
  $("best-error").textContent = msg;
  $("best-error").hidden = false;
  $("best-turns").textContent = $("best-wins").textContent = "–";
  $("best-legend").hidden = true;
  drawBoard();
}

// fetchBest asks for the best play under the choices and shows it; with
// its box unticked it takes the best play off the board.
async function fetchBest() {
  if (state.bestRequest) state.bestRequest.abort();
  if (!$("best-show").checked) {
    state.best = null;
    $("best-legend").hidden = true;
    drawBoard();
    return;
  }
  const choice = readChoice();
  if (typeof choice === "string") return bestFailed(choice);
  const ctl = new AbortController();
  state.bestRequest = ctl;
  $("best-turns").textContent = "…";
  try {
    const res = await fetch("/api/best", {
      method: "POST", headers: { "Content-Type": "application/json" }, signal: ctl.signal,
      body: JSON.stringify({ board: state.board, rules: state.rules, choice }),
    });
    const body = await res.json();
    if (!res.ok) return bestFailed(body.error || res.statusText);
    $("best-error").hidden = true;
    body.faces = [...new Set(choice.faces)].sort((a, b) => a - b);
    state.best = body;
    const random = body.randomTurns === null ? "" : ` (random play ${fixed(body.randomTurns, 4)})`;
    $("best-turns").textContent = fixed(body.expectedTurns, 4) + random;
    $("best-wins").textContent = body.firstWins === null ? "not computed: " + body.race : (100 * body.firstWins).toFixed(2) + "%";
    const legend = $("best-legend");
    legend.replaceChildren();
    // Each entry one span, so that a wrapped legend keeps a key by its words.
    const add = (text, colour) => {
      const item = document.createElement("span");
      item.className = "legend-item";
      if (colour) {
        const k = document.createElement("span");
        k.className = "key die";
        k.style.background = colour;
        item.appendChild(k);
      }
      item.appendChild(document.createTextNode(text));
      legend.appendChild(item);
    };
    if (body.dice) body.faces.forEach((f, i) => add(`die of ${f}`, DICE[i % DICE.length]));
    add(body.declined.length ? `faded: ${body.declined.length} declined ${body.declined.length === 1 ? "jump" : "jumps"}` : "every jump taken");
    legend.hidden = false;
    drawBoard();
  } catch (e) {
    if (e.name !== "AbortError") {
      $("best-error").textContent = String(e);
      $("best-error").hidden = false;
    }
  } finally {
    if (state.bestRequest === ctl) state.bestRequest = null;
  }
}

const fixed = (x, d) => (x === null || x === undefined ? "–" : Math.abs(x) >= 1e7 ? x.toPrecision(6) : x.toFixed(d));

function show(rep) {
  state.report = rep;
  state.board = rep.board; // the server's {size, jumps}, whatever form was sent
  $("error").hidden = true;
  $("size").value = rep.board.size;
  // A figure the server did not compute is null: "not computed", never 0
  // or "never finishes", which only finishes: false says.
  const none = rep.finishes === false ? "–" : "not computed";
  $("min-rolls").textContent = rep.minRolls < 0 ? "never" : rep.minRolls;
  $("expected").textContent = rep.finishes === false ? "never finishes" : rep.expectedTurns === null ? none : fixed(rep.expectedTurns, 4);
  $("stddev").textContent = rep.stdDev === null ? none : fixed(rep.stdDev, 4);
  $("median").textContent = rep.medianTurns === null ? none : `${rep.medianTurns} / ${rep.modeTurns}`;
  $("percentiles").textContent = (rep.percentiles || []).map((p) => `${Math.round(100 * p.q)}%: ${p.turns}`).join(", ") || none;
  $("wins").textContent = (rep.winChances || []).map((c) => `${(100 * c.chances[0]).toFixed(2)}% of ${c.players}`).join(" · ") || none;
  $("path").textContent = !rep.path ? "The last square cannot be reached." : pathText(rep.path);
  $("problem").hidden = !rep.problem;
  $("problem").textContent = (rep.problem || "").replace(/^snakes: /, "");
  $("skipped").replaceChildren(...(rep.skipped || []).map((s) => {
    const li = document.createElement("li");
    li.textContent = `Not computed: ${s.figure}, as ${s.reason}`;
    return li;
  }));
  drawChart(rep.distribution || []);
  const rows = (rep.jumps || []).map((j) => {
    const tr = document.createElement("tr");
    const effect = j.effect === null ? "never ends" : (j.effect >= 0 ? "+" : "") + fixed(j.effect, 3);
    for (const v of [j.from, j.to, fixed(j.taken, 3), (100 * j.chance).toFixed(1) + "%", effect]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.appendChild(td);
    }
    return tr;
  });
  $("jumps").tBodies[0].replaceChildren(...rows);
  drawBoard();
}

// pathText names the squares a path of fewest rolls leaves the token on,
// jumps taken, the middle of a long one left out.
function pathText(path) {
  if (path.length === 0) return "";
  const squares = [path[0].from === 0 ? "off the board" : path[0].from, ...path.map((m) => m.to)];
  let shown = squares.join(" → ");
  if (squares.length > 24) {
    shown = squares.slice(0, 12).join(" → ") + ` → … ${squares.length - 18} squares … → ` + squares.slice(-6).join(" → ");
  }
  return `Path (${path.length} rolls): ${shown}`;
}

function drawChart(dist) {
  const w = 360, h = 120, n = dist.length;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h + 16}`, width: "100%", role: "img" });
  let top = 0;
  for (const p of dist) if (p > top) top = p;
  if (n > 0 && top > 0) {
    const bw = w / n;
    dist.forEach((p, t) => {
      const bh = (p / top) * h;
      el("rect", { x: t * bw, y: h - bh, width: Math.max(bw - 0.5, 0.5), height: bh, fill: "#1f5fbf" }, svg);
    });
    const lab = el("text", { x: 0, y: h + 13, "font-size": 10, fill: "#5b6775" }, svg);
    lab.textContent = `turns 0 to ${n - 1}: the chance of finishing on each`;
  }
  $("chart").replaceChildren(svg);
}

// design streams /api/design: progress events, then the board's report.
async function design(ev) {
  ev.preventDefault();
  const f = $("design").elements;
  const spec = {
    size: state.board.size || 10, ladders: Number(f.ladders.value), snakes: Number(f.snakes.value),
    turns: Number(f.turns.value), rules: state.rules, seed: 1,
  };
  const ctl = new AbortController();
  state.design = ctl;
  $("design-start").disabled = true;
  $("design-cancel").disabled = false;
  $("design-progress").value = 0;
  $("design-status").textContent = "Searching…";
  try {
    const res = await fetch("/api/design", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(spec), signal: ctl.signal,
    });
    if (!res.ok) {
      const body = await res.json();
      $("design-status").textContent = body.error || res.statusText;
      return;
    }
    const reader = res.body.getReader(), dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let at;
      while ((at = buf.indexOf("\n\n")) >= 0) {
        const chunk = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const name = (chunk.match(/^event: (.*)$/m) || [])[1];
        const data = JSON.parse((chunk.match(/^data: (.*)$/m) || [])[1] || "null");
        if (name === "progress") {
          $("design-progress").value = 1 / (1 + data.distance);
          $("design-status").textContent = `Closest so far: ${data.distance.toFixed(4)} turns from the target`;
        } else if (name === "report") {
          $("design-progress").value = 1;
          $("design-status").textContent = data.error ? data.error : "Designed.";
          show(data);
          changed();
        } else if (name === "error") {
          $("design-status").textContent = data.error;
        }
      }
    }
  } catch (e) {
    $("design-status").textContent = e.name === "AbortError" ? "Cancelled." : String(e);
  } finally {
    state.design = null;
    $("design-start").disabled = false;
    $("design-cancel").disabled = true;
  }
}

// Play mode: the page keeps the game and sends it with every throw; the
// server replays it and throws with the library, so the rules live in Go.
async function playRequest(doThrow) {
  const res = await fetch("/api/play", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: state.game, throw: doThrow, seed: state.seed }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error || res.statusText);
  return body;
}

function newGame() {
  const f = $("play").elements;
  const rules = Object.assign({}, state.rules, { bump: f.bump.checked, playOn: f.playOn.checked });
  state.game = { board: state.board, rules, players: Number(f.players.value), throws: [] };
  state.oddsSeen = [];
  state.standings = [];
  state.squares = null;
  state.lastMove = null;
  $("play-log").replaceChildren();
  if (document.activeElement) document.activeElement.blur(); // space throws, not presses New game again
  playStep(false);
}

// endGame leaves the game: the board and the rules can be changed again.
function endGame() {
  if (state.busy) return; // a throw in flight finishes first
  state.game = null;
  state.squares = null;
  state.lastMove = null;
  document.body.classList.remove("playing");
  const q = new URLSearchParams(location.search);
  q.delete("game");
  history.replaceState(null, "", "?" + q.toString());
  drawBoard();
}

// undo takes the last throw back: the server replays the game without it.
function undo() {
  if (state.busy || !state.game || state.game.throws.length === 0) return;
  const n = state.game.throws.length;
  state.game.throws.pop();
  state.oddsSeen.pop();
  // The lines of the last throw: its move, the turns passed over before
  // it, the end it made.
  for (const li of [...log().children]) if (li.classList.contains("win") || li.dataset.throw === String(n)) li.remove();
  playStep(false, true);
}

async function playStep(doThrow, undone) {
  if (state.busy || !state.game) return;
  state.busy = true;
  $("play-throw").disabled = true;
  $("play-end").disabled = true;
  document.body.classList.add("playing");
  try {
    const before = state.squares;
    const ans = await playRequest(doThrow);
    state.game = ans.game;
    if (ans.move) {
      await animate(ans.move, before);
      logMove(ans, before);
      state.lastMove = ans.move;
    } else if (ans.moves && !undone) {
      rebuildLog(ans); // a game opened from a link: its log, numbered on, and its odds so far
      if (ans.history) state.oddsSeen = ans.history.slice(0, -1);
    } else if (ans.moves) {
      state.lastMove = ans.moves[ans.moves.length - 1] || null; // after an undo
    }
    state.squares = ans.squares;
    state.standings = ans.standings;
    if (!undone) state.oddsSeen.push(ans.odds || null); // one a throw, null where not given
    showOdds(ans);
    showTurn(ans);
    drawBoard();
    keepGameInURL();
    if (ans.over && !(log().firstChild && log().firstChild.classList.contains("win"))) {
      const li = document.createElement("li");
      li.className = "win";
      li.textContent = ans.standings.length > 1
        ? `The game is over after ${state.game.throws.length} throws: ` + ans.standings.map((p, m) => `${ordinal(m + 1)} ${playerName(p)}`).join(", ") + "."
        : `${playerName(ans.winner)} wins after ${state.game.throws.length} throws.`;
      log().prepend(li);
    }
    $("play-throw").disabled = ans.over;
    $("play-undo").disabled = state.game.throws.length === 0;
  } catch (e) {
    const li = document.createElement("li");
    li.textContent = String(e.message || e);
    log().prepend(li);
  } finally {
    state.busy = false;
    $("play-end").disabled = false;
  }
}

const log = () => $("play-log");

// rebuildLog writes the log of a game's moves, oldest last.
function rebuildLog(ans) {
  log().replaceChildren();
  const standings = [];
  const last = state.board.size * state.board.size, squares = new Array(state.game.players).fill(-1);
  let prev = null;
  for (const [k, m] of ans.moves.entries()) {
    const placed = state.game.rules.playOn && m.to === last;
    if (placed) standings.push(m.player || 0);
    logMove({ move: m, squares: [], standings, throwNumber: k + 1 }, squares.slice(), placed ? [] : standings, prev);
    squares[m.player || 0] = m.to;
    prev = m;
  }
  state.lastMove = ans.moves[ans.moves.length - 1] || null;
}

// showTurn says whose turn it is, shows the last throw on the die, and
// once the game is over says so in a banner.
function showTurn(ans) {
  const m = ans.move || state.lastMove;
  const throws = state.game.throws, faces = throws.length ? throws[throws.length - 1] : [];
  drawDie(faces);
  const who = playerName(ans.player);
  $("turn").textContent = ans.over ? "" : m && state.game.players > 1 && (m.player || 0) === ans.player ? `${who} throws again` : `${who} to throw`;
  $("turn").style.color = ans.over ? "" : PLAYERS[ans.player][1];
  const banner = $("banner");
  banner.hidden = !ans.over;
  if (ans.over) {
    banner.textContent = ans.standings.length > 1
      ? ans.standings.map((p, k) => `${ordinal(k + 1)} ${playerName(p)}`).join(" · ")
      : `${playerName(ans.winner)} wins!`;
  }
}

// drawDie shows a throw's faces: pips for one die of six faces or fewer,
// else the numbers.
function drawDie(faces) {
  const die = $("die");
  const kids = [el("rect", { x: 3, y: 3, width: 54, height: 54, rx: 9, fill: "#fff", stroke: "#1d2733", "stroke-width": 2 })];
  const pips = { 1: [[30, 30]], 2: [[18, 18], [42, 42]], 3: [[16, 16], [30, 30], [44, 44]], 4: [[18, 18], [42, 18], [18, 42], [42, 42]], 5: [[17, 17], [43, 17], [30, 30], [17, 43], [43, 43]], 6: [[18, 15], [42, 15], [18, 30], [42, 30], [18, 45], [42, 45]] };
  if (faces.length === 1 && pips[faces[0]]) {
    for (const [cx, cy] of pips[faces[0]]) kids.push(el("circle", { cx, cy, r: 5, fill: "#1d2733" }));
  } else if (faces.length) {
    const t = el("text", { x: 30, y: 37, "font-size": faces.length > 1 ? 16 : 22, "text-anchor": "middle", "font-weight": "bold", fill: "#1d2733" });
    t.textContent = faces.join(" ");
    kids.push(t);
  }
  die.dataset.faces = faces.join(",");
  die.replaceChildren(...kids);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// animate moves the token square by square to where the throw landed, then
// along its jump, within a second; unless the box says not to.
async function animate(m, before) {
  if (!$("play").elements.animate.checked || !before) return;
  const p = m.player || 0;
  const steps = [];
  if (m.landed > m.from) for (let s = m.from + 1; s <= m.landed; s++) steps.push(s);
  else if (m.landed !== m.from) steps.push(m.landed);
  if (m.to !== m.landed) steps.push(m.to);
  const wait = Math.min(80, 900 / Math.max(steps.length, 1));
  for (const s of steps) {
    state.squares = before.slice();
    state.squares[p] = s;
    drawBoard();
    await sleep(wait);
  }
}

function logMove(ans, before, placedBefore, prev) {
  const m = ans.move, who = playerName(m.player || 0);
  // The players a square passed over between the last move and this one.
  prev = prev === undefined ? state.lastMove : prev;
  if (prev && before) {
    for (let q = prev.player || 0, skipped = m.turn - prev.turn - 1; skipped > 0;) {
      q = (q + 1) % before.length;
      if (before[q] !== state.board.size * state.board.size) {
        const li = document.createElement("li");
        li.textContent = `${playerName(q)} misses this turn`;
        li.dataset.throw = String(ans.throwNumber || state.game.throws.length);
        log().prepend(li);
        skipped--;
      }
    }
  }
  const where = (s) => (s === 0 ? "off the board" : String(s));
  let text = `${who} throws ${m.roll}: `;
  if (m.landed === m.from && m.to !== m.from) text += `${where(m.from)} → ${where(m.to)}, the turn is void`;
  else if (m.to === m.from) text += `stays ${m.from === 0 ? "off the board" : "on " + m.from}`;
  else text += `${where(m.from)} → ${m.landed}` + (m.to > m.landed ? `, ladder to ${m.to}` : m.to < m.landed ? `, snake to ${where(m.to)}` : "");
  if (m.effect === "again") text += ", throws again";
  if (m.effect === "miss") text += ", misses the next turn";
  ans.squares.forEach((sq, q) => {
    if (before && q !== (m.player || 0) && sq !== before[q]) text += `, bumps ${playerName(q)} back`;
  });
  const place = ans.standings.indexOf(m.player || 0);
  if (state.game.rules.playOn && place >= 0 && !(placedBefore || state.standings || []).includes(m.player || 0)) {
    text += `, finishes ${ordinal(place + 1)}`;
  }
  const li = document.createElement("li");
  li.textContent = text;
  li.dataset.throw = String(ans.throwNumber || state.game.throws.length);
  log().prepend(li);
}

// ordinal is 1st, 2nd, 3rd, 4th, … 11th, … 21st.
function ordinal(n) {
  return n + ((n % 100 >= 11 && n % 100 <= 13) ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
}

// tenths returns each chance in tenths of a percent, rounded so that they
// add up to 1000 (largest remainders first).
function tenths(ps) {
  const raw = ps.map((p) => p * 1000), out = raw.map(Math.floor);
  let left = Math.round(raw.reduce((a, b) => a + b, 0)) - out.reduce((a, b) => a + b, 0);
  const order = raw.map((v, i) => [v - Math.floor(v), i]).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) if (left-- > 0) out[i]++;
  return out;
}

function showOdds(ans) {
  const shown = ans.odds ? tenths(ans.odds) : null;
  const rows = ans.squares.map((sq, i) => {
    const row = document.createElement("div");
    row.className = "odds-row" + (i === ans.player && ans.winner < 0 ? " next" : "");
    row.dataset.player = i;
    const name = document.createElement("span");
    name.textContent = playerName(i) + (sq === 0 ? " (off)" : ` (${sq})`);
    name.style.color = PLAYERS[i][1];
    const bar = document.createElement("div");
    bar.className = "odds-bar";
    const p = ans.odds ? ans.odds[i] : 0;
    bar.style.width = `${(100 * p).toFixed(1)}%`;
    bar.style.background = PLAYERS[i][1];
    const pct = document.createElement("span");
    pct.className = "odds-value";
    pct.textContent = shown ? `${(shown[i] / 10).toFixed(1)}%` : "–";
    row.append(name, bar, pct);
    return row;
  });
  if (!ans.odds && ans.skipped) {
    const note = document.createElement("p");
    note.className = "skipped";
    note.textContent = "Odds not computed: " + ans.skipped;
    rows.push(note);
  }
  if (ans.odds && ans.estimated) {
    const note = document.createElement("p");
    note.className = "skipped";
    note.id = "odds-estimated";
    note.textContent = "Odds " + ans.estimated + ".";
    rows.push(note);
  }
  $("odds").replaceChildren(...rows);
  $("odds").dataset.odds = ans.odds ? JSON.stringify(ans.odds) : "";
  drawOddsChart();
}

// drawOddsChart draws each player's odds after every throw so far.
function drawOddsChart() {
  const seen = state.oddsSeen.filter((o) => o); // the throws whose odds were given
  if (seen.length < 2) return $("odds-chart").replaceChildren(); // nothing to draw yet
  // Axes with the throws below and the chance at the left, a dashed line
  // at 50%, a line a player, and each point's value on hover.
  const w = 360, h = 100, left = 28, bottom = 14, pw = w - left - 4, ph = h - bottom - 6;
  const svg = el("svg", { viewBox: `0 0 ${w} ${h}`, width: "100%", role: "img", "aria-label": "each player's odds after every throw" });
  const x = (t) => left + (t / (seen.length - 1)) * pw, y = (p) => 6 + (1 - p) * ph;
  el("line", { x1: left, y1: 6, x2: left, y2: 6 + ph, stroke: "#5b6775" }, svg);
  el("line", { x1: left, y1: 6 + ph, x2: left + pw, y2: 6 + ph, stroke: "#5b6775" }, svg);
  el("line", { x1: left, y1: y(0.5), x2: left + pw, y2: y(0.5), stroke: "#5b6775", "stroke-dasharray": "3 3" }, svg);
  for (const [p, label] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) {
    const t = el("text", { x: left - 3, y: y(p) + 3, "font-size": 9, "text-anchor": "end", fill: "#5b6775" }, svg);
    t.textContent = label;
  }
  const t = el("text", { x: left + pw, y: h - 2, "font-size": 9, "text-anchor": "end", fill: "#5b6775" }, svg);
  t.textContent = `throw ${seen.length - 1}`;
  for (let i = 0; i < seen[0].length; i++) {
    const pts = seen.map((o, k) => `${x(k)},${y(o[i])}`).join(" ");
    el("polyline", { points: pts, fill: "none", stroke: PLAYERS[i][1], "stroke-width": 2 }, svg);
    seen.forEach((o, k) => {
      const dot = el("circle", { cx: x(k), cy: y(o[i]), r: 3, fill: PLAYERS[i][1], opacity: 0 }, svg);
      el("title", {}, dot).textContent = `${playerName(i)}: ${(100 * o[i]).toFixed(1)}% after throw ${k}`;
      dot.addEventListener("mouseenter", () => dot.setAttribute("opacity", 1));
      dot.addEventListener("mouseleave", () => dot.setAttribute("opacity", 0));
    });
  }
  $("odds-chart").replaceChildren(svg);
}

function keepGameInURL() {
  const q = new URLSearchParams(location.search);
  q.set("game", JSON.stringify(state.game));
  if (state.seed) q.set("seed", String(state.seed));
  const names = $("play").elements.names.value.trim();
  if (names) q.set("names", names);
  else q.delete("names");
  history.replaceState(null, "", "?" + q.toString());
}

function randomBoard(n) {
  const last = n * n, jumps = {};
  for (let s = 2; s < last; s++) {
    if (Math.random() < 0.1) {
      let to = 1 + Math.floor(Math.random() * last);
      if (to !== s) jumps[s] = to;
    }
  }
  return { size: n, jumps };
}

function exportBoard() {
  const a = document.createElement("a");
  a.href = "data:application/json," + encodeURIComponent(JSON.stringify(state.board) + "\n");
  a.download = "board.json";
  a.click();
}

function importBoard(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  file.text().then((text) => {
    try {
      state.board = JSON.parse(text);
      changed();
    } catch (e) {
      showError("import: " + e.message);
    }
  });
  ev.target.value = "";
}

function load() {
  const q = new URLSearchParams(location.search);
  let bad = "";
  try {
    if (q.has("board")) state.board = JSON.parse(q.get("board"));
  } catch (e) {
    bad = "the link's board is not JSON: " + e.message;
  }
  try {
    if (q.has("rules")) state.rules = JSON.parse(q.get("rules"));
  } catch (e) {
    bad = bad || "the link's rules are not JSON: " + e.message;
  }
  if (Array.isArray(state.board) && state.board.every(Array.isArray)) state.board = fromGrid(state.board);
  writeRules(state.rules);
  $("rules").addEventListener("change", () => { state.rules = readRules(); changed(); });
  $("heat").addEventListener("change", drawBoard);
  $("best").addEventListener("change", fetchBest);
  $("best").addEventListener("submit", (ev) => { ev.preventDefault(); fetchBest(); });
  $("preset-classic").addEventListener("click", () => { state.board = structuredClone(CLASSIC); state.rules = { startOffBoard: true }; writeRules(state.rules); changed(); });
  $("preset-leetcode").addEventListener("click", () => { state.board = fromGrid(LEETCODE); state.rules = {}; writeRules(state.rules); changed(); });
  $("preset-random").addEventListener("click", () => { state.board = randomBoard(Number($("size").value) || 10); changed(); });
  $("preset-empty").addEventListener("click", () => { state.board = { size: Number($("size").value) || 10, jumps: {} }; changed(); });
  $("export").addEventListener("click", exportBoard);
  $("import").addEventListener("change", importBoard);
  $("design").addEventListener("submit", design);
  $("design-cancel").addEventListener("click", () => state.design && state.design.abort());
  $("play-new").addEventListener("click", newGame);
  $("play-throw").addEventListener("click", () => playStep(true));
  $("play-undo").addEventListener("click", undo);
  $("play-end").addEventListener("click", endGame);
  // Space throws wherever the focus is, text boxes aside.
  document.addEventListener("keydown", (ev) => {
    const typing = /INPUT|SELECT|TEXTAREA/.test(document.activeElement.tagName) && !/checkbox|radio/.test(document.activeElement.type);
    if (ev.code === "Space" && state.game && !typing) {
      ev.preventDefault();
      if (!$("play-throw").disabled) playStep(true);
    }
  });
  state.seed = Number(q.get("seed")) || 0;
  $("play").elements.names.value = q.get("names") || "";
  if (q.has("game")) {
    try {
      state.game = JSON.parse(q.get("game"));
      if (state.game.board) state.board = state.game.board;
      if (state.game.rules) {
        state.rules = Object.assign({}, state.game.rules);
        delete state.rules.bump; // the game's own: the figures are one token's
        delete state.rules.playOn;
      }
      writeRules(state.rules);
      $("play").elements.players.value = String(state.game.players || 2);
      $("play").elements.bump.checked = !!(state.game.rules && state.game.rules.bump);
      $("play").elements.playOn.checked = !!(state.game.rules && state.game.rules.playOn);
      playStep(false);
    } catch (e) {
      bad = bad || "the link's game is not JSON: " + e.message;
    }
  }
  // A link whose board cannot be read shows why, not another board; a
  // board that reads but is not valid gets the server's reason.
  if (bad) return showError(bad);
  if (q.has("board")) return fetchReport();
  changed();
}

load();
