// kata-judge class report: sort and filter the table of students. Works offline; without
// JavaScript the table is still there, in student order.
(function () {
  "use strict";
  var table = document.getElementById("student-table");
  if (!table) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var filter = document.getElementById("filter");
  var verdict = document.getElementById("verdict-filter");
  var shown = document.getElementById("shown-count");

  function value(row, column) {
    var cell = row.cells[column];
    return cell.hasAttribute("data-value") ? cell.getAttribute("data-value") : cell.textContent;
  }

  function sortBy(header) {
    var column = header.cellIndex;
    var numeric = header.getAttribute("data-type") === "number";
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) { th.removeAttribute("aria-sort"); });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    rows.sort(function (a, b) {
      var x = value(a, column), y = value(b, column);
      var order = numeric ? parseFloat(x) - parseFloat(y) : x.localeCompare(y, undefined, {numeric: true, sensitivity: "base"});
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  function applyFilter() {
    var text = filter.value.trim().toLowerCase();
    var wanted = verdict.value;
    var count = 0;
    rows.forEach(function (row) {
      var visible = (!text || row.textContent.toLowerCase().indexOf(text) >= 0)
        && (!wanted || row.getAttribute("data-verdict") === wanted);
      row.hidden = !visible;
      if (visible) { count++; }
    });
    shown.textContent = count + " of " + rows.length;
  }

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (header) {
    header.addEventListener("click", function () { sortBy(header); });
    header.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sortBy(header); }
    });
  });
  filter.addEventListener("input", applyFilter);
  verdict.addEventListener("change", applyFilter);
  applyFilter();
  document.documentElement.setAttribute("data-ready", "true");
})();
