/** An inquiry as GET /api/admin/contact answers it, for the admin screens' tests. */
export const inquiry = (id: number, isRead: boolean) => ({
  id,
  name: `Person ${id}`,
  email: `p${id}@example.no`,
  company: "",
  service: "",
  message: "Hei, jeg trenger video.",
  isRead,
  createdAt: "2025-03-07T13:05:00Z",
});
