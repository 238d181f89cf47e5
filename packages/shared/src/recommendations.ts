export interface RecommendationItem {
  id: number;
  name: string;
  content: string | null;
}
export interface SubTitle {
  id: number;
  name: string;
  items: RecommendationItem[];
}
export interface Title {
  id: number;
  name: string;
  sub_titles: SubTitle[];
}
export interface SubDiscipline {
  id: number;
  name: string;
  titles: Title[];
}
export interface Discipline {
  id: number;
  name: string;
}
export interface DisciplineTree extends Discipline {
  sub_disciplines: SubDiscipline[];
}
