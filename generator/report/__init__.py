"""The designer's report (`warkit report`): the order of battle, force curves per scenario,
what each combat table yields, and anomalies worth a look — as report.pdf, chart SVGs and a
workbook (report.xlsx, report.ods) beside the kit."""
