#include "dipadj/draw/history_pages.hpp"

#include <cctype>
#include <filesystem>

#include "svg_text.hpp"

namespace dipadj {
namespace {

// The step-through, as a script on the page: the pictures' names are in the page (escaped for
// an attribute), never read from anywhere else.
constexpr const char* kStepper = R"(<script>
const pages = [...document.querySelectorAll('#phases option')].map(o => ({file: o.value, title: o.textContent}));
const picture = document.getElementById('picture'), slider = document.getElementById('slider'), choice = document.getElementById('phases');
let at = 0;
function show(i) {
  at = Math.max(0, Math.min(pages.length - 1, i));
  picture.src = pages[at].file; picture.alt = pages[at].title;
  slider.value = at; choice.selectedIndex = at;
  document.getElementById('title').textContent = pages[at].title + ' (' + (at + 1) + ' of ' + pages.length + ')';
}
document.getElementById('previous').onclick = () => show(at - 1);
document.getElementById('next').onclick = () => show(at + 1);
slider.oninput = () => show(Number(slider.value));
choice.onchange = () => show(choice.selectedIndex);
document.addEventListener('keydown', e => { if (e.key === 'ArrowLeft') show(at - 1); if (e.key === 'ArrowRight') show(at + 1); });
show(0);
</script>
)";

}  // namespace

std::string history_page_file(std::size_t index, const Phase& phase) {
  std::string number = std::to_string(index + 1);
  if (number.size() < 2) number.insert(0, "0");
  std::string name;
  for (const char c : to_string(phase)) {
    if (std::isalnum(static_cast<unsigned char>(c))) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!name.empty() && name.back() != '-') name += '-';
  }
  return number + "-" + name;
}

std::string history_index_html(const std::string& history_name, const std::vector<HistoryPage>& pages) {
  const std::string title = xml_text(std::filesystem::path(history_name).filename().string());
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + title + "</title>\n";
  out += "<style>body{font-family:sans-serif;margin:1em}img{max-width:100%;border:1px solid #ccc}nav{margin:.5em 0}"
         "#slider{width:20em;vertical-align:middle}</style>\n</head>\n<body>\n<h1>" + title + "</h1>\n";
  out += "<nav><button id=\"previous\">&#8592; previous</button> <button id=\"next\">next &#8594;</button> ";
  out += "<input id=\"slider\" type=\"range\" min=\"0\" max=\"" + std::to_string(pages.empty() ? 0 : pages.size() - 1) + "\" value=\"0\"> ";
  out += "<select id=\"phases\">";
  for (const HistoryPage& page : pages) out += "<option value=\"" + xml_text(page.file) + "\">" + xml_text(page.title) + "</option>";
  out += "</select></nav>\n<h2 id=\"title\"></h2>\n<img id=\"picture\" src=\"" + (pages.empty() ? std::string() : xml_text(pages.front().file)) + "\" alt=\"\">\n";
  out += "<noscript><ul>";
  for (const HistoryPage& page : pages) out += "<li><a href=\"" + xml_text(page.file) + "\">" + xml_text(page.title) + "</a></li>";
  out += "</ul></noscript>\n";
  return out + kStepper + "</body>\n</html>\n";
}

}  // namespace dipadj
