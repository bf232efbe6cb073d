package style

import "testing"

func TestEverySpecialtyHasAnAffinity(t *testing.T) {
	for _, s := range Specialties {
		c, ok := AffinityOf(s)
		if !ok || !c.Valid() {
			t.Errorf("specialty %q has no style affinity", s)
		}
	}
}

func TestLabels(t *testing.T) {
	for _, c := range Codes {
		if c.Label() == "" || c.DesignerLabel() == "" || c.Short() == "" {
			t.Errorf("%s lacks a label", c)
		}
	}
	if Code("F").Valid() || !Minimal.Valid() {
		t.Fatal("Valid")
	}
	if Hybrid.Label() != "Ibrido" || InPerson.Label() != "Di persona" || !ValidFirstProposal("7-15 giorni") {
		t.Fatal("labels")
	}
}
