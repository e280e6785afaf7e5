"""`warkit calibrate`: a two-page sheet whose back scales sit exactly behind the front targets."""

from __future__ import annotations

import pypdf
import pytest
from typer.testing import CliRunner

from generator.build.options import PAPER_MM
from generator.cli.app import app
from generator.layout.calibration import calibration_pages, target_points
from generator.layout.primitives import Circle, Line

PT_PER_MM = 72 / 25.4


def scale_centres(page) -> list[tuple[float, float]]:
    """The zero of each pair of scales: x from the X scale's middle, y from the Y scale's."""
    lines = [i for i in page.items if isinstance(i, Line)]
    xs = sorted((line.x1_mm + line.x2_mm) / 2 for line in lines if line.y1_mm == line.y2_mm and abs(line.x2_mm - line.x1_mm - 12) < 1e-9)
    ys = sorted((line.y1_mm + line.y2_mm) / 2 for line in lines if line.x1_mm == line.x2_mm and abs(line.y2_mm - line.y1_mm - 12) < 1e-9)
    rings = sorted((c.cx_mm, c.cy_mm) for c in page.items if isinstance(c, Circle) and c.r_mm == 4.0)
    assert sorted({round(x, 6) for x, _ in rings}) == pytest.approx(sorted({round(x, 6) for x in xs}))
    assert sorted({round(y, 6) for _, y in rings}) == pytest.approx(sorted({round(y, 6) for y in ys}))
    return rings


def test_calibrate_writes_a_two_page_sheet_with_instructions(tmp_path) -> None:
    out = tmp_path / "cal.pdf"
    result = CliRunner().invoke(app, ["calibrate", "--paper", "Letter", "--duplex", "short", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "short edge" in result.output
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(215.9 * PT_PER_MM, abs=1e-3)
    front, back = (page.extract_text() for page in reader.pages)
    assert "at 100% (actual size" in front and "flipping on the short edge" in front and "100 mm" in front
    assert "--back-offset" in back and "window" in back
    for page in reader.pages:
        for reference in page["/Resources"]["/Font"].values():
            assert "/FontFile2" in reference.get_object()["/FontDescriptor"].get_object()


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (0.5, -1.0)])
def test_back_scales_sit_behind_the_front_targets(duplex: str, offset: tuple[float, float]) -> None:
    width, height = PAPER_MM["A4"]
    front, back = calibration_pages("A4", (width, height), duplex, offset)
    targets = [(c.cx_mm, c.cy_mm) for c in front.items if isinstance(c, Circle) and c.r_mm == 4.0]
    assert sorted(targets) == sorted(target_points(width, height))
    dx, dy = offset
    if duplex == "long":
        wanted = sorted((width - x + dx, y + dy) for x, y in targets)
    else:
        wanted = sorted((x + dx, height - y + dy) for x, y in targets)
    found = scale_centres(back)
    assert len(found) == 5
    for point, expected in zip(found, wanted):
        assert point == pytest.approx(expected, abs=0.01)


def test_the_back_states_the_offset_it_was_printed_with(tmp_path) -> None:
    out = tmp_path / "cal.pdf"
    result = CliRunner().invoke(app, ["calibrate", "--back-offset", "0.5,-1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    back = pypdf.PdfReader(out).pages[1].extract_text()
    assert "printed with --back-offset 0.5,-1" in back


def test_calibrate_refuses_fold_and_bad_values(tmp_path) -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["calibrate", "--duplex", "fold", "--out", str(tmp_path / "x.pdf")]).exit_code == 2
    assert runner.invoke(app, ["calibrate", "--paper", "B5", "--out", str(tmp_path / "x.pdf")]).exit_code == 2
    assert not (tmp_path / "x.pdf").exists()
